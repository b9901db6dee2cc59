import { servesObjectAt } from '../object-subresource.js';
import type { Value, ValueMap } from '../../value/value.js';
import { commit } from '../commit.js';
import { throughStorage } from '../conversions.js';
import { decodeBody, goMessageOf } from '../decode-object.js';
import { patchedIntoGoType } from '../patched-object-failure.js';
import { fieldManagerApply, fieldManagerUpdate } from '../field-manager.js';
import { isDryRun, managerName, validateDryRun, validateFieldManager } from '../manager-name.js';
import { metaString, stringField } from '../object-paths.js';
import { applyPatch } from '../patch/apply-patch.js';
import { defaulterFor, endpointFor, isStatus, resolveTarget, liveAt, storedAt, type Target } from '../request-context.js';
import { conflict, failure, invalid, notFound, resourceNotServed, unsupportedMediaType } from '../status.js';
import type { ApiResponse, ApplyRequest, ClusterState, ForgivenConflicts, PatchOptions, PatchRequest, ServeResult, StatusObject } from '../types.js';
import { checkIdentity } from './body-identity.js';
import { strictApplyDecoding } from '../apply-strict-decoding.js';
import { decodeApplyBody, decodeJsonPatchBody } from './decode-patch.js';
import { scaleWrite } from './scale-write.js';

/** Server-side apply: a patch with `application/apply-patch+yaml`, target from the body by default. */
export function apply(state: ClusterState, req: ApplyRequest): ServeResult {
  // The body is decoded here only to find the target a request does not give; patch decodes it.
  let target = req.target;
  if (!target) {
    const decoded = decodeApplyBody(req.body);
    if (!decoded.ok) return { state, response: failure(decoded.status) };
    target = {
      apiVersion: stringField(decoded.value, 'apiVersion'),
      kind: stringField(decoded.value, 'kind'),
      namespace: metaString(decoded.value, 'namespace'),
      name: metaString(decoded.value, 'name'),
    };
  }
  return patch(state, { verb: 'patch', target, patchType: 'apply', patch: req.body as string | Value, ...(req.options ? { options: req.options } : {}) });
}

/**
 * The 404 of a `status` or `scale` patch whose object does not exist (StatusREST and ScaleREST
 * update without creating), before the body is read; undefined when the write may go on.
 */
function missingSubresourceParent(state: ClusterState, target: Target, sub: string): StatusObject | undefined {
  const served = sub !== '' && (sub === 'scale' ? target.resource.scale !== undefined : servesObjectAt(target.resource, sub));
  if (!served || state.objects.has(target.key)) return undefined;
  return notFound(target.resource.group, target.resource.resource, target.name);
}

/** The response, saying which conflicts the last-applied exception forgave (if any). */
function withForgiven(response: ApiResponse, forgiven: ForgivenConflicts | undefined): ApiResponse {
  return forgiven ? { ...response, forgivenConflicts: forgiven } : response;
}

/** PATCH with any patch type; apply creates a missing object (201), the others 404. */
export function patch(state: ClusterState, req: PatchRequest): ServeResult {
  const opts: PatchOptions = req.options ?? {};
  const isApply = req.patchType === 'apply';
  const errors = [
    ...(isApply
      ? opts.fieldManager
        ? []
        : [{ type: 'FieldValueRequired' as const, field: 'fieldManager', detail: 'is required for apply patch' }]
      : opts.force !== undefined
        ? [{ type: 'FieldValueForbidden' as const, field: 'force', detail: 'may not be specified for non-apply patch' }]
        : []),
    ...validateFieldManager(opts.fieldManager),
    ...validateDryRun(opts.dryRun),
  ];
  if (errors.length > 0) return { state, response: failure(invalid('meta.k8s.io', 'PatchOptions', '', errors)) };
  const target = resolveTarget(state, req.target);
  if (isStatus(target)) return { state, response: failure(target) };
  const sub = opts.subresource ?? '';
  const manager = managerName(opts.fieldManager, opts.userAgent);
  const now = opts.now ?? state.now;
  const dryRun = isDryRun(opts.dryRun);
  const force = opts.force ?? false;

  // The store looks the object up before any patcher reads the body, and a subresource never
  // creates: a missing object's subresource is a 404 whatever the body holds.
  const missing = missingSubresourceParent(state, target, sub);
  if (missing) return { state, response: failure(missing) };

  if (isApply) {
    const body = decodeApplyBody(req.patch as string | ValueMap);
    if (!body.ok) return { state, response: failure(body.status) };
    if (sub === 'scale') {
      return scaleWrite(state, target, { kind: 'apply', body: body.value, force, text: req.patch }, { manager, now, dryRun, fieldValidation: opts.fieldValidation });
    }
    if (!servesObjectAt(target.resource, sub)) return { state, response: failure(resourceNotServed()) };
    const old = storedAt(state, target);
    const ep = endpointFor(state, target.resource, target.version, sub, now);
    const r = fieldManagerApply(ep, (old && liveAt(state, target)) ?? ep.emptyObject, body.value, manager, force);
    if (!r.ok) return { state, response: withForgiven(failure(r.status, [], r.undeclaredFields), r.forgivenConflicts) };
    // The body read again strictly, once merged (apply-strict-decoding.ts).
    const strict = strictApplyDecoding(req.patch, opts.fieldValidation);
    if ('status' in strict) return { state, response: withForgiven(failure(strict.status), r.forgivenConflicts) };
    // Then the handler looks at the object made: a uid on one to be created, namespace, name.
    const uid = metaString(r.object, 'uid');
    if (!old && uid !== '') {
      return {
        state,
        response: failure(
          conflict(target.resource.group, target.resource.resource, target.name, `uid mismatch: the provided object specified uid ${uid}, and no existing object was found`),
        ),
      };
    }
    const id = checkIdentity(r.object, target, { requireName: true });
    if (!id.ok) return { state, response: failure(id.status) };
    const done = commit(state, { target, subresource: sub, old, next: id.body, ...(r.defaulted ? { defaulted: r.defaulted } : {}), manager, dryRun, now, warnings: strict.warnings, apply: true });
    return { state: done.state, response: withForgiven(done.response, r.forgivenConflicts) };
  }

  if (req.patchType === 'strategic' && target.resource.custom) return { state, response: failure(unsupportedMediaType()) };
  const readBody = () => decodeJsonPatchBody(req.patch, req.patchType as 'json' | 'merge' | 'strategic', opts.fieldValidation);
  if (sub === 'scale') {
    const scaleBody = readBody();
    if (!scaleBody.ok) return { state, response: failure(scaleBody.status) };
    return scaleWrite(state, target, { kind: 'patch', patchType: req.patchType, patch: scaleBody.value }, { manager, now, dryRun, fieldValidation: opts.fieldValidation });
  }
  if (!servesObjectAt(target.resource, sub)) return { state, response: failure(resourceNotServed()) };
  const old = storedAt(state, target);
  // The patchers read the body only when there is an object to patch: a missing one is a 404.
  if (!old) return { state, response: failure(notFound(target.resource.group, target.resource.resource, target.name)) };
  const patchBody = readBody();
  if (!patchBody.ok) return { state, response: failure(patchBody.status) };
  const ep = endpointFor(state, target.resource, target.version, sub, now);
  // The patch applies to the object as decoded from storage (defaults included).
  const live = liveAt(state, target) ?? old;
  const patched = applyPatch(req.patchType, live, patchBody.value, ep.ctx.atom);
  if (!patched.ok) return { state, response: failure(patched.status) };
  // The patched object is read into the kind's Go type before anything else is checked.
  const message = goMessageOf(target.resource, target.version);
  const typed = message === undefined ? { ok: true as const, value: patched.value } : patchedIntoGoType(req.patchType, message, old, patchBody.value, patched.value);
  if (!typed.ok) return { state, response: failure(typed.status) };
  const id = checkIdentity(typed.value, target, { requireName: true });
  if (!id.ok) return { state, response: failure(id.status) };
  const decoded = decodeBody(id.body, ep.ctx.atom, target.resource.kind, target.version, opts.fieldValidation ?? 'Warn', target.resource.custom === true);
  if (!decoded.ok) return { state, response: failure(decoded.status, [], decoded.undeclaredFields) };
  // The body's trip through the internal type: what the field manager compares (conversions.ts).
  const obj = throughStorage(target.resource, defaulterFor(state, target.resource, target.apiVersion)(decoded.object), target.apiVersion);
  const next = fieldManagerUpdate(ep, live, obj, manager);
  return commit(state, { target, subresource: sub, old, next, defaulted: obj, manager, dryRun, now, warnings: decoded.warnings });
}

