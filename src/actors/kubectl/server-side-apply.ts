/**
 * `kubectl apply --server-side`, for one object (apiserver-semantics §5.2):
 * 1. the apply itself (`?fieldManager=kubectl&force=false`);
 * 2. with manager `kubectl` only: keep the last-applied annotation owned by an Apply entry
 *    (`kubectl-last-applied`) when no Apply entry owns it yet;
 * 3. migrate client-side-apply ownership with csaupgrade (any manager), by a JSON patch of
 *    managedFields and resourceVersion;
 * 4. when something migrated, the apply again, so that what only the old CSA entry held is pruned.
 * Every request carries the same `?fieldValidation=` and goes to the same `--subresource` (kubectl
 * sends them all through one request helper). A conflict prints the server's message followed by kubectl's help block.
 */
import type { ApiResponse, KubeObject } from '../../apiserver/types.js';
import { fieldElement } from '../../fieldpath/path-element.js';
import { type Value, getKey, isList, newMap } from '../../value/value.js';
import type { DryRun } from '../actor.js';
import { metadata, str } from '../objects.js';
import type { ObjectCoordinates } from '../resources.js';
import type { Wire } from '../wire.js';
import { findFieldsOwners, upgradeManagedFieldsFrom } from './csa-upgrade.js';
import { migrationPatchText } from './migration-patch.js';
import { type FieldValidation, printWarnings, statusError } from './kubectl.js';
import { LAST_APPLIED, readLastApplied } from './last-applied.js';
import { conflictError, type KubectlError, MIGRATION_WARNING, successLine } from './output.js';

/** Why kubectl sends the JSON patch of managedFields (recorded as the request's purpose). */
export const CSA_MIGRATION_PURPOSE = 'csaupgrade migration of client-side-apply ownership';

/** The manager kubectl uses to keep the annotation under an Apply entry. */
export const LAST_APPLIED_MANAGER = 'kubectl-last-applied';

/** `.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration` as a path. */
export const LAST_APPLIED_PATH = [fieldElement('metadata'), fieldElement('annotations'), fieldElement(LAST_APPLIED)];

export interface ServerSideApplyOne {
  readonly fieldManager: string;
  readonly force: boolean;
  readonly dryRun: DryRun;
  readonly fieldValidation: FieldValidation;
  readonly subresource?: string;
  readonly outputName: boolean;
}

function managedFieldsOf(obj: KubeObject): Value[] {
  const mf = getKey(metadata(obj), 'managedFields');
  return isList(mf) ? mf : [];
}

function failureText(r: ApiResponse): string {
  return r.ok ? '' : r.status.message;
}

export function serverSideApplyOne(wire: Wire, manifest: KubeObject, c: ObjectCoordinates, opts: ServerSideApplyOne, errors: KubectlError[]): void {
  const ref = { apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) };
  const dryRun = opts.dryRun === 'server';
  const common = { dryRun, fieldValidation: opts.fieldValidation, ...(opts.subresource ? { subresource: opts.subresource } : {}) };
  const applyOptions = { ...common, fieldManager: opts.fieldManager, force: opts.force };
  const r1 = wire.send({ verb: 'apply', body: manifest, target: ref, options: applyOptions });
  printWarnings(wire, r1);
  if (!r1.ok) {
    if (r1.code === 409 && r1.status.reason === 'Conflict') errors.push({ kind: 'plain', message: conflictError(r1.status.message) });
    else errors.push(statusError(r1));
    return;
  }
  let current = r1.object;

  // 2. Keep the annotation under an Apply entry (only for the default manager).
  const annotation = readLastApplied(current);
  let migrate = true;
  if (opts.fieldManager === 'kubectl' && annotation !== undefined && findFieldsOwners(managedFieldsOf(current), 'Apply', [LAST_APPLIED_PATH]).length === 0) {
    const body = newMap();
    body.apiVersion = c.apiVersion;
    body.kind = c.kind;
    const meta = newMap();
    meta.name = c.name;
    if (c.namespaced) meta.namespace = c.namespace;
    const ann = newMap();
    ann[LAST_APPLIED] = annotation;
    meta.annotations = ann;
    body.metadata = meta;
    const r2 = wire.send(
      { verb: 'apply', body, target: ref, options: { ...common, fieldManager: LAST_APPLIED_MANAGER } },
      'keep the last-applied annotation under an Apply entry',
    );
    printWarnings(wire, r2);
    if (r2.ok) current = r2.object;
    else {
      wire.printError(MIGRATION_WARNING.annotation(failureText(r2)));
      migrate = false;
    }
  }

  // 3. Move client-side-apply ownership to the applier.
  let migrated = false;
  if (migrate) {
    const entries = managedFieldsOf(current);
    const csa = [...new Set(findFieldsOwners(entries, 'Update', [LAST_APPLIED_PATH]))];
    const upgrade = csa.length > 0 ? upgradeManagedFieldsFrom(entries, csa, opts.fieldManager) : undefined;
    if (upgrade) {
      const rv = str(metadata(current), 'resourceVersion') ?? '';
      const patch = migrationPatchText(upgrade.entries, upgrade.encoded, rv);
      const r3 = wire.send(
        { verb: 'patch', target: ref, patchType: 'json', patch, options: { ...common, fieldManager: opts.fieldManager } },
        CSA_MIGRATION_PURPOSE,
      );
      printWarnings(wire, r3);
      if (r3.ok) {
        migrated = true;
        wire.migrated({ target: ref, from: upgrade.from, to: opts.fieldManager, dryRun });
      } else wire.printError(MIGRATION_WARNING.managedFields(failureText(r3)));
    }
  }

  // 4. Apply again so that fields only the old entry held are pruned.
  if (migrated) {
    const r4 = wire.send({ verb: 'apply', body: manifest, target: ref, options: applyOptions }, 're-apply after migration');
    printWarnings(wire, r4);
    if (!r4.ok) wire.printError(MIGRATION_WARNING.reapply(failureText(r4)));
  }
  wire.print(successLine(c.kind, c.group, c.name, 'serverside-applied', opts.dryRun, opts.outputName));
}
