import { commit, ownersDeduped } from '../commit.js';
import { throughStorage } from '../conversions.js';
import { cannotBeHandled, decodeBody, goDecodeText } from '../decode-object.js';
import { fieldManagerUpdate } from '../field-manager.js';
import { isDryRun, managerName, validateDryRun, validateFieldManager } from '../manager-name.js';
import { metaString, stringField } from '../object-paths.js';
import { defaulterFor, endpointFor, isStatus, resolveTarget, liveAt, storedAt } from '../request-context.js';
import { failure, invalid, notFound, resourceNotServed } from '../status.js';
import type { ClusterState, ServeResult, UpdateRequest } from '../types.js';
import { checkIdentity } from './body-identity.js';
import { bodyKindMismatch } from './body-kind.js';
import { uidPreconditionFailure } from '../uid-precondition.js';
import { scaleWrite } from './scale-write.js';
import { servesObjectAt } from '../object-subresource.js';

/** PUT: replaces the object (or its status / scale); recorded as an Update, never a conflict. */
export function update(state: ClusterState, req: UpdateRequest): ServeResult {
  const opts = req.options ?? {};
  const errors = [...validateFieldManager(opts.fieldManager), ...validateDryRun(opts.dryRun)];
  if (errors.length > 0) return { state, response: failure(invalid('meta.k8s.io', 'UpdateOptions', '', errors)) };
  const body = req.body;
  const target = resolveTarget(
    state,
    req.target ?? { apiVersion: stringField(body, 'apiVersion'), kind: stringField(body, 'kind'), namespace: metaString(body, 'namespace'), name: metaString(body, 'name') },
  );
  if (isStatus(target)) return { state, response: failure(target) };
  const sub = opts.subresource ?? '';
  const manager = managerName(opts.fieldManager, opts.userAgent);
  const now = opts.now ?? state.now;
  const dryRun = isDryRun(opts.dryRun);
  if (sub === 'scale') return scaleWrite(state, target, { kind: 'update', body }, { manager, now, dryRun, fieldValidation: opts.fieldValidation });
  if (!servesObjectAt(target.resource, sub)) return { state, response: failure(resourceNotServed()) };
  const mismatch = bodyKindMismatch(body, target, state.config.resources);
  if (mismatch) return { state, response: failure(mismatch) };
  // The body is decoded into the kind's Go type before the store is read.
  const goError = goDecodeText(body, target.resource, target.version);
  if (goError !== undefined) return { state, response: failure(cannotBeHandled(target.resource.kind, target.version, goError)) };
  // The handler checks the body's namespace and name before it hands the body to the store.
  const id = checkIdentity(body, target, { requireName: true });
  if (!id.ok) return { state, response: failure(id.status) };
  const old = storedAt(state, target);
  // The store checks the body's uid before it looks at anything else, a missing object included.
  const precondition = uidPreconditionFailure(target, body, state.objects.get(target.key));
  if (precondition) return { state, response: failure(precondition) };
  if (!old && (sub !== '' || !target.resource.allowCreateOnUpdate)) {
    return { state, response: failure(notFound(target.resource.group, target.resource.resource, target.name)) };
  }
  const ep = endpointFor(state, target.resource, target.version, sub, now);
  const decoded = decodeBody(id.body, ep.ctx.atom, target.resource.kind, target.version, opts.fieldValidation ?? 'Warn', target.resource.custom === true);
  if (!decoded.ok) return { state, response: failure(decoded.status, [], decoded.undeclaredFields) };
  const warnings = [...decoded.warnings];
  // The body's trip through the internal type: what the field manager compares (conversions.ts).
  const stored = throughStorage(target.resource, defaulterFor(state, target.resource, target.apiVersion)(decoded.object), target.apiVersion);
  // The handler drops duplicate owner references before the field manager sees them.
  const obj = ownersDeduped(stored, false, target.resource.custom === true, warnings);
  // The field manager compares with the object as decoded from storage (defaults included).
  const next = fieldManagerUpdate(ep, (old && liveAt(state, target)) ?? ep.emptyObject, obj, manager);
  return commit(state, { target, subresource: sub, old, next, defaulted: obj, manager, dryRun, now, warnings });
}
