import { isMap, type ValueMap } from '../../value/value.js';
import { commit, ownersDeduped } from '../commit.js';
import { throughStorage } from '../conversions.js';
import { cannotBeHandled, decodeBody, goDecodeText } from '../decode-object.js';
import { fieldManagerUpdate } from '../field-manager.js';
import { isDryRun, managerName, validateDryRun, validateFieldManager } from '../manager-name.js';
import { metaString, setPath, stringField } from '../object-paths.js';
import { defaulterFor, endpointFor, isStatus, resolveTarget, storageKey } from '../request-context.js';
import { badRequest, failure, invalid } from '../status.js';
import type { ClusterState, CreateRequest, ServeResult } from '../types.js';
import { checkIdentity } from './body-identity.js';
import { bodyKindMismatch } from './body-kind.js';
import { nameSuffix } from '../name-suffix.js';

/** POST: a new object; the creator's Update entry owns every field it sets (apiserver-semantics §3.1). */
export function create(state: ClusterState, req: CreateRequest): ServeResult {
  const opts = req.options ?? {};
  if (!isMap(req.body as unknown as ValueMap)) return { state, response: failure(badRequest('the body of a create must be an object')) };
  const errors = [...validateFieldManager(opts.fieldManager), ...validateDryRun(opts.dryRun)];
  if (errors.length > 0) return { state, response: failure(invalid('meta.k8s.io', 'CreateOptions', '', errors)) };
  let body = req.body;
  const target = resolveTarget(state, {
    apiVersion: req.target?.apiVersion ?? stringField(body, 'apiVersion'),
    kind: req.target?.kind ?? (req.target?.resource ? undefined : stringField(body, 'kind')),
    resource: req.target?.resource,
    namespace: req.target?.namespace ?? metaString(body, 'namespace'),
    name: metaString(body, 'name'),
  });
  if (isStatus(target)) return { state, response: failure(target) };
  const mismatch = bodyKindMismatch(body, target, state.config.resources);
  if (mismatch) return { state, response: failure(mismatch) };
  // The body is decoded into the kind's Go type before its name and namespace are looked at.
  const goError = goDecodeText(body, target.resource, target.version);
  if (goError !== undefined) return { state, response: failure(cannotBeHandled(target.resource.kind, target.version, goError)) };
  const requestedName = metaString(body, 'name');
  let name = requestedName;
  const generateName = metaString(body, 'generateName');
  if (name === '' && generateName !== '') {
    name = generateName + nameSuffix(state.uidCount + 1);
    body = setPath(body, ['metadata', 'name'], name);
  }
  const t = { ...target, name, key: storageKey(target.resource, target.namespace, name) };
  const id = checkIdentity(body, t, { requireName: false });
  if (!id.ok) return { state, response: failure(id.status) };
  const now = opts.now ?? state.now;
  const ep = endpointFor(state, t.resource, t.version, '', now);
  const decoded = decodeBody(id.body, ep.ctx.atom, t.resource.kind, t.version, opts.fieldValidation ?? 'Warn', t.resource.custom === true);
  if (!decoded.ok) return { state, response: failure(decoded.status, [], decoded.undeclaredFields) };
  const warnings = [...decoded.warnings];
  // The body's trip through the internal type: what the field manager compares (conversions.ts).
  const stored = throughStorage(t.resource, defaulterFor(state, t.resource, t.apiVersion)(decoded.object), t.apiVersion);
  // The handler drops duplicate owner references before the field manager sees them.
  const obj = ownersDeduped(stored, false, t.resource.custom === true, warnings);
  const manager = managerName(opts.fieldManager, opts.userAgent);
  const next = fieldManagerUpdate(ep, ep.emptyObject, obj, manager);
  return commit(state, { target: t, subresource: '', old: undefined, next, defaulted: obj, manager, dryRun: isDryRun(opts.dryRun), now, warnings, post: true, admissionName: requestedName });
}
