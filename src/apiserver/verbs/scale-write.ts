/**
 * Writes through `/scale` (apiserver-semantics §3.5): the parent's entries are translated to the
 * Scale view, the field manager runs on the Scale object, then the admission chain
 * (admission-chain.ts) on it, the result is translated back, and the parent gets the new replicas
 * (main strategy: generation bumps).
 */
import { getKey, type Value, type ValueMap } from '../../value/value.js';
import { cannotBeHandled, decodeBody } from '../decode-object.js';
import { goDecodeError } from '../go-decode-error.js';
import { patchedIntoGoType } from '../patched-object-failure.js';
import { builtinProtoTables } from '../protobuf-envelope.js';
import { fieldManagerApply, fieldManagerUpdate } from '../field-manager.js';
import { decodeManagedFields, EMPTY_MANAGED, entriesToValue } from '../managed-fields.js';
import { getPath, metadataOf, metaString, setPath } from '../object-paths.js';
import { defaulterFor, endpointFor, isStatus, openApiSchemaFor, type Target } from '../request-context.js';
import { admissionChain } from '../admission-chain.js';
import { strictApplyDecoding } from '../apply-strict-decoding.js';
import { replicasMappings, SCALE_API_VERSION, SCALE_KIND, scaleFromParent, toParent, toSubresource } from '../scale.js';
import { conflict, failure, invalid, notFound, resourceNotServed } from '../status.js';
import { prepareForUpdate } from '../strategy.js';
import type { ClusterState, PatchType, ServeResult } from '../types.js';
import { finishWrite } from '../write.js';
import { applyPatch } from '../patch/apply-patch.js';
import { uidPreconditionFailure } from '../uid-precondition.js';
import { updateErrors } from '../validate-write.js';

/** The Go type every /scale endpoint reads and writes. */
const SCALE_MESSAGE = 'k8s.io.api.autoscaling.v1.Scale';

export type ScaleOp =
  | { readonly kind: 'update'; readonly body: ValueMap }
  | { readonly kind: 'patch'; readonly patchType: Exclude<PatchType, 'apply'>; readonly patch: Value }
  /** `text`: the body as sent, read again strictly once merged (apply-strict-decoding.ts). */
  | { readonly kind: 'apply'; readonly body: ValueMap; readonly force: boolean; readonly text?: unknown };

export function scaleWrite(
  state: ClusterState,
  target: Target,
  op: ScaleOp,
  o: { manager: string; now: string; dryRun: boolean; fieldValidation?: 'Strict' | 'Warn' | 'Ignore' },
): ServeResult {
  const resource = target.resource;
  if (!resource.scale) return { state, response: failure(resourceNotServed()) };
  // A PUT's body is decoded into autoscaling/v1's Go Scale first (custom resources' too).
  const goError = op.kind === 'update' ? goDecodeError(op.body, SCALE_MESSAGE, builtinProtoTables()) : undefined;
  if (goError !== undefined) return { state, response: failure(cannotBeHandled('Scale', 'v1', goError)) };
  // A PUT's uid is a precondition the store checks first, against the parent (uid-precondition.ts).
  const precondition = op.kind === 'update' ? uidPreconditionFailure(target, op.body, state.objects.get(target.key)) : undefined;
  if (precondition) return { state, response: failure(precondition) };
  const parent = state.objects.get(target.key);
  if (!parent) return { state, response: failure(notFound(resource.group, resource.resource, target.name)) };
  const ep = endpointFor(state, resource, target.version, 'scale', o.now);
  const decoded = decodeManagedFields(getKey(metadataOf(parent), 'managedFields'));
  const parentManaged = decoded.ok ? decoded.managed : EMPTY_MANAGED;
  const mappings = replicasMappings(resource);
  const plainScale = scaleFromParent(parent, resource);
  const oldScale = setPath(plainScale, ['metadata', 'managedFields'], entriesToValue(toSubresource(parentManaged, mappings)));
  const warnings: string[] = [];

  let newScale: ValueMap;
  if (op.kind === 'apply') {
    const r = fieldManagerApply(ep, oldScale, op.body, o.manager, op.force);
    if (!r.ok) return { state, response: failure(r.status) };
    const strict = strictApplyDecoding(op.text, o.fieldValidation);
    if ('status' in strict) return { state, response: failure(strict.status) };
    warnings.push(...strict.warnings);
    newScale = r.object;
  } else {
    let body: ValueMap;
    if (op.kind === 'patch') {
      const p = applyPatch(op.patchType, plainScale, op.patch, ep.ctx.atom);
      if (!p.ok) return { state, response: failure(p.status) };
      const typed = patchedIntoGoType(op.patchType, SCALE_MESSAGE, plainScale, op.patch, p.value);
      if (!typed.ok) return { state, response: failure(typed.status) };
      body = typed.value;
    } else body = op.body;
    const d = decodeBody(body, ep.ctx.atom, 'Scale', 'v1', o.fieldValidation ?? 'Warn');
    if (!d.ok) return { state, response: failure(d.status, [], d.undeclaredFields) };
    warnings.push(...d.warnings);
    newScale = fieldManagerUpdate(ep, oldScale, d.object, o.manager);
  }

  // The mutating admission chain, as for any write (update.go and patch.go run it after the field
  // manager, with the scope's kind, autoscaling/v1 Scale, and subresource `scale`); the
  // registries' scaleUpdatedObjectInfo validates the Scale after it.
  const admitted = admissionChain(
    state,
    newScale,
    oldScale,
    { operation: 'UPDATE', apiVersion: SCALE_API_VERSION, kind: SCALE_KIND, namespace: target.namespace, name: target.name, subresource: 'scale', dryRun: o.dryRun, manager: o.manager },
    { resource, name: target.name },
    warnings,
  );
  if (isStatus(admitted)) return { state, response: failure(admitted, warnings) };
  newScale = admitted;

  const replicas = getPath(newScale, ['spec', 'replicas']);
  if (typeof replicas === 'number' && replicas < 0) {
    return {
      state,
      response: failure(
        invalid('autoscaling', 'Scale', target.name, [
          { type: 'FieldValueInvalid', field: 'spec.replicas', value: String(replicas), detail: 'must be greater than or equal to 0' },
        ]),
      ),
    };
  }
  // The built-in kinds' scaleUpdatedObjectInfo checks a patched Scale's uid, naming `<resource>/scale`;
  // apiextensions-apiserver's does not check it for custom resources.
  const uid = metaString(newScale, 'uid');
  const parentUid = metaString(parent, 'uid');
  if (uid !== '' && uid !== parentUid && !resource.custom) {
    return {
      state,
      response: failure(conflict(resource.group, `${resource.resource}/scale`, target.name, `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${parentUid}`)),
    };
  }
  const scaleManaged = decodeManagedFields(getKey(metadataOf(newScale), 'managedFields'));
  const entries = toParent(parentManaged, scaleManaged.ok ? scaleManaged.managed : EMPTY_MANAGED, mappings, target.apiVersion);
  // The Scale is Go's autoscaling/v1 struct: a spec without replicas is its zero value, 0, and
  // the registries copy that to the parent (a Scale PUT with `"spec":{}` scales to 0).
  let next = setPath(parent, resource.scale.specReplicasPath, typeof replicas === 'number' ? replicas : 0);
  next = setPath(next, ['metadata', 'managedFields'], entries.length > 0 ? entriesToValue(entries) : undefined);
  const rv = metaString(newScale, 'resourceVersion');
  next = setPath(next, ['metadata', 'resourceVersion'], rv === '' ? undefined : rv);
  next = prepareForUpdate(resource, '', parent, next);
  // A custom resource's /scale is stored through the main resource's store and strategy
  // (apiextensions-apiserver pkg/registry/customresource/etcd.go ScaleREST.Update): its
  // ValidateUpdate checks the new object against the schema, ratcheting as for the main resource.
  if (resource.custom && !state.config.harness) {
    const stored = metaApiVersion(parent) ?? target.apiVersion;
    const defaulter = defaulterFor(state, resource, stored);
    const errors = updateErrors(resource, '', defaulter(next), parent, true, openApiSchemaFor(state, resource, stored), () => defaulter(parent), warnings);
    if (errors.length > 0) return { state, response: failure(invalid(resource.group, resource.kind, target.name, errors), warnings) };
  }
  return finishWrite(state, {
    key: target.key,
    type: resource,
    namespace: target.namespace,
    group: resource.group,
    resource: resource.resource,
    name: target.name,
    old: parent,
    next,
    dryRun: o.dryRun,
    warnings,
    respond: (stored) => scaleFromParent(stored, resource),
  });
}

function metaApiVersion(obj: ValueMap): string | undefined {
  const v = getKey(obj, 'apiVersion');
  return typeof v === 'string' ? v : undefined;
}
