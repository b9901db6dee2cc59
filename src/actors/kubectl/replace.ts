/**
 * `kubectl replace -f FILE` (k8s.io/kubectl v0.32 pkg/cmd/replace, cli-runtime's
 * Helper.Replace): a PUT of each object as the file has it (namespace filled in) under manager
 * `kubectl-replace`, with `?fieldValidation=`. An object without a resourceVersion gets the live
 * one, read first; when that read fails the PUT goes without one (and the server answers 404 for a
 * kind that cannot be created by PUT). Line: `configmap/settings replaced`; a failure is named
 * after the file (`error when replacing "cm.yaml": ...`).
 *
 * `force`: first every object is deleted (`{"propagationPolicy":"Background"}`, a missing one
 * silently skipped, `configmap "settings" deleted` for the others; a failure stops the command
 * before anything is created), kubectl waits until each is gone (here at once), then each is
 * created (POST, same manager and validation; a failure is the server's error as it is).
 *
 * `--dry-run=client` prints `configmap/settings replaced (dry run)` and sends nothing;
 * `--dry-run=server` reads and PUTs as above with `?dryRun=All` and prints `(server dry run)`;
 * with `force` kubectl refuses either (`--dry-run can not be used when --force is set`).
 *
 * The last-applied annotation is written with `saveConfig`, and brought up to date when the file's
 * object already carries one (kubectl's CreateOrUpdateAnnotation); otherwise the PUT drops it.
 */
import type { KubeObject, ObjectRef } from '../../apiserver/types.js';
import { type ValueMap } from '../../value/value.js';
import { SsaError } from '../../errors/ssa-error.js';
import type { ActorOutcome, ClusterState, DryRun, KubectlReplaceOptions } from '../actor.js';
import { metadata, str, toObjects } from '../objects.js';
import type { ObjectCoordinates } from '../resources.js';
import type { Wire } from '../wire.js';
import { deletedLine, deleteOne } from './delete.js';
import { type FieldValidation, fieldValidation, kubectlWire, printWarnings, runKubectl, statusError } from './kubectl.js';
import { lastAppliedValue, readLastApplied, withLastApplied } from './last-applied.js';
import { type KubectlError, STDIN_SOURCE, successLine, withSource } from './output.js';
import { buildTargets } from './resource-builder.js';

const REPLACE_MANAGER = 'kubectl-replace';

function refOf(c: ObjectCoordinates): ObjectRef {
  return { apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) };
}

/** kubectl's CreateOrUpdateAnnotation: written with --save-config, renewed when the object has one. */
function withAnnotation(obj: KubeObject, saveConfig: boolean): KubeObject {
  return saveConfig || readLastApplied(obj) !== undefined ? withLastApplied(obj, lastAppliedValue(obj)) : obj;
}

function withResourceVersion(obj: KubeObject, rv: string): KubeObject {
  const meta: ValueMap = { ...metadata(obj) };
  meta.resourceVersion = rv;
  return { ...obj, metadata: meta };
}

interface Send {
  readonly fieldManager: string;
  readonly fieldValidation: FieldValidation;
  readonly dryRun?: boolean;
}

function replaceOne(wire: Wire, obj: KubeObject, c: ObjectCoordinates, send: Send, source: string, errors: KubectlError[], dryRun: DryRun): void {
  if (dryRun === 'client') {
    wire.print(successLine(c.kind, c.group, c.name, 'replaced', dryRun));
    return;
  }
  const ref = refOf(c);
  let body = obj;
  if (!str(metadata(obj), 'resourceVersion')) {
    const live = wire.get(ref);
    const rv = live.ok ? str(metadata(live.object), 'resourceVersion') : undefined;
    if (rv) body = withResourceVersion(obj, rv);
  }
  const r = wire.send({ verb: 'update', body, target: ref, options: send });
  printWarnings(wire, r);
  if (!r.ok) {
    errors.push(withSource(statusError(r), 'replacing', source));
    return;
  }
  wire.print(successLine(c.kind, c.group, c.name, 'replaced', dryRun));
}

export function kubectlReplace(state: ClusterState, options: KubectlReplaceOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    const dryRun = options.dryRun ?? 'none';
    if (options.force && dryRun !== 'none') throw new SsaError('INPUT', '--dry-run can not be used when --force is set');
    const send: Send = { fieldManager: options.fieldManager ?? REPLACE_MANAGER, fieldValidation: fieldValidation(options.validate), ...(dryRun === 'server' ? { dryRun: true } : {}) };
    const source = options.filename ?? STDIN_SOURCE;
    const built = buildTargets(wire.state, toObjects(options.manifests, undefined, options.readObjects), options.namespace, source);
    errors.push(...built.errors);
    const saveConfig = options.saveConfig ?? false;
    if (!options.force) {
      for (const t of built.targets) replaceOne(wire, withAnnotation(t.object, saveConfig), t.c, send, source, errors, dryRun);
      return;
    }
    for (const t of built.targets) {
      const r = deleteOne(wire, t.c, source, 'replace --force: delete the object');
      if (r.kind === 'deleted') wire.print(deletedLine(t.c));
      else if (r.kind === 'failed') errors.push(r.error);
    }
    if (errors.length > 0) return;
    for (const t of built.targets) {
      const r = wire.send({ verb: 'create', body: withAnnotation(t.object, saveConfig), target: refOf(t.c), options: send }, 'replace --force: create the object again');
      printWarnings(wire, r);
      if (!r.ok) errors.push(statusError(r));
      else wire.print(successLine(t.c.kind, t.c.group, t.c.name, 'replaced'));
    }
  });
}
