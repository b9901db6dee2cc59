/**
 * `ssa-sim preview` without its input and output: an apply of manifest objects to captured live
 * objects, offline (offline-apply.ts), and everything the command says about it — the request
 * line, what decided it, the fields the schema does not declare, the ownership changes with the
 * values they change, the objects created, the report (`-o json`). The CLI reads files and
 * writes streams around it; the playground's "your own objects" view calls the same function on
 * pasted text, so both give the same answers.
 */
import { findFieldsOwners } from '../actors/kubectl/csa-upgrade.js';
import { objectName } from '../actors/kubectl/output.js';
import { LAST_APPLIED_PATH } from '../actors/kubectl/server-side-apply.js';
import { splitApiVersion } from '../apiserver/registry.js';
import type { KubeObject } from '../apiserver/types.js';
import type { SchemaCatalog } from '../schema/catalog.js';
import { getKey, isMap, type ValueMap } from '../value/value.js';
import { applyFactLines } from './apply-facts.js';
import { clusterObjectDisplay, type ClusterRunState } from './cluster-mode.js';
import type { ObjectRef } from './model.js';
import { offlineApply, type OfflineApplyResult, type TargetRef } from './offline-apply.js';
import { type PreviewReport, previewReport } from './preview-report.js';
import type { ObjectChanges } from './run-types.js';
import { type LocatedManifest, undeclaredFieldNotes } from './undeclared-fields.js';
import { type ValueChange, valueChangeText, valuesPerChange } from './value-changes.js';

export interface PreviewInput {
  readonly catalog: SchemaCatalog;
  /** The captured live objects (managedFields included). */
  readonly live: readonly KubeObject[];
  /** The manifest objects as read, with their positions (undeclared fields are located in them). */
  readonly manifests: readonly LocatedManifest[];
  /** The objects as kubectl sends them, when they differ from the manifests' (--live cluster aims namespaces). */
  readonly sent?: readonly ValueMap[];
  /** undefined: kubectl's own (`kubectl`, or `kubectl-client-side-apply` client-side). */
  readonly fieldManager: string | undefined;
  readonly force: boolean;
  readonly clientSide: boolean;
  /** Time of the apply (RFC 3339). */
  readonly now: string;
  /** `-n`, as given. */
  readonly namespace: string | undefined;
  /** The `-f` argument kubectl names in its messages (`STDIN` for standard input). */
  readonly filename: string;
  /** The manifest and the live objects as the report names them. */
  readonly manifestName: string;
  readonly liveName: string;
}

export interface Preview {
  readonly result: OfflineApplyResult;
  /** The field manager in effect. */
  readonly fieldManager: string;
  /** The first line: who applies and how. */
  readonly request: string;
  /** What decided the apply besides the engine's rules (forgiven conflicts, kubectl's migration), one line each. */
  readonly facts: readonly string[];
  /** Each field the schema does not declare, with its FILE:LINE:COLUMN in the manifest. */
  readonly fieldErrors: readonly string[];
  /** The objects the apply was aimed at or changed, after it (as stored, with managedFields). */
  readonly objects: readonly KubeObject[];
  /** The scalar values that change at the paths of the ownership changes. */
  readonly valueChanges: readonly ValueChange[];
  /** The warning about manifest objects no live object matched (they would be created), or undefined. */
  readonly createdWarning: string | undefined;
  /** `-o json`. */
  readonly report: PreviewReport;
}

/** The first line: who applies and how (`field manager "eks", server-side apply, no force`). */
function requestLine(manager: string, clientSide: boolean, force: boolean): string {
  const mode = clientSide ? 'client-side apply (three-way patch)' : `server-side apply, ${force ? 'force' : 'no force'}`;
  // kubectl's --field-manager="" sends no field manager at all (Go's omitempty).
  const none = clientSide ? ' (kubectl sends none: the API server names the writer from its user agent, "kubectl")' : ' (kubectl sends none, and the API server requires one for an apply)';
  return `field manager ${JSON.stringify(manager)}${manager === '' ? none : ''}, ${mode}`;
}

/** `daemonset.apps/aws-node -n kube-system`, as the ownership lines name objects. */
function refDisplay(r: TargetRef): string {
  return `${refName(r)}${r.namespace ? ` -n ${r.namespace}` : ''}`;
}

/** `daemonset.apps/aws-node`, as kubectl names objects. */
function refName(r: TargetRef): string {
  return objectName(r.kind, splitApiVersion(r.apiVersion).group, r.name);
}

function sameObject(a: TargetRef, b: ObjectRef): boolean {
  return a.kind === b.kind && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '') && splitApiVersion(a.apiVersion).group === splitApiVersion(b.apiVersion ?? '').group;
}

/**
 * With a field manager other than kubectl, preview is the apply as other clients send it; kubectl
 * apply --server-side with that manager would also migrate client-side-apply ownership (any
 * name) and apply again. The same apply run as kubectl says whether it would, and what that
 * migration's second apply removes.
 */
function kubectlWouldMigrate(input: PreviewInput, sent: readonly ValueMap[], fieldManager: string): string[] {
  if (input.clientSide || input.fieldManager === undefined || fieldManager === 'kubectl' || fieldManager === '') return [];
  // kubectl migrates only Update entries that own the last-applied annotation: without one, nothing to say (and no second apply to run).
  const migratable = input.live.some((o) => {
    const meta = getKey(o, 'metadata');
    const entries = isMap(meta) ? getKey(meta, 'managedFields') : undefined;
    return Array.isArray(entries) && findFieldsOwners(entries, 'Update', [LAST_APPLIED_PATH]).length > 0;
  });
  if (!migratable) return [];
  const k = offlineApply({
    catalog: input.catalog,
    live: input.live,
    manifests: sent,
    fieldManager,
    force: input.force,
    clientSide: false,
    now: input.now,
    ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
    filename: input.filename,
    asKubectl: true,
  });
  return k.facts.migrations.map((m) => {
    const removed = k.changes.filter((c) => c.display === m.object).flatMap((c) => c.changes.filter((x) => x.kind === 'removed').flatMap((x) => x.paths));
    const entries = m.from.length === 1 ? 'the Update entry' : 'the Update entries';
    const names = m.from.map((f) => JSON.stringify(f)).join(', ');
    return (
      `not kubectl: this is the apply as other clients send it (EKS, Flux, Helm...); kubectl apply --server-side --field-manager ${fieldManager} would also move ${entries} of ${names} on ${m.object} into the Apply entry of ${JSON.stringify(m.to)} (client-side apply migration) and apply again` +
      (removed.length > 0 ? `, removing ${removed.join(', ')}` : '')
    );
  });
}

export function preview(input: PreviewInput): Preview {
  const sent = input.sent ?? input.manifests.map((m) => m.object as ValueMap);
  const fieldManager = input.fieldManager ?? (input.clientSide ? 'kubectl-client-side-apply' : 'kubectl');
  const result = offlineApply({
    catalog: input.catalog,
    live: input.live,
    manifests: sent,
    fieldManager: input.fieldManager,
    force: input.force,
    clientSide: input.clientSide,
    now: input.now,
    ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
    filename: input.filename,
  });
  const o = result.outcome;
  const fieldErrors = undeclaredFieldNotes(o.requests, input.manifests);
  const isTarget = (ref: ObjectRef | undefined) => ref !== undefined && result.targets.some((t) => sameObject(t, ref));
  const touched = new Set(result.changes.map((c) => c.display));
  const objects = [...(result.after.state as ClusterRunState).cluster.objects.values()].filter((obj) => {
    const view = result.after.objects.find((x) => x.display === clusterObjectDisplay(obj));
    return isTarget(view?.ref) || touched.has(clusterObjectDisplay(obj));
  });
  const created = result.created.map(refDisplay);
  const createdWarning =
    created.length === 0
      ? undefined
      : `${created.length} of ${result.targets.length} object${result.targets.length === 1 ? '' : 's'} in ${input.manifestName} ${created.length === 1 ? 'matches' : 'match'} no live object in ${input.liveName} and would be created: ${created.join(', ')}` +
        `${input.namespace === undefined && result.created.some((c) => c.namespace === 'default') ? ' (give -n NAMESPACE to aim at another namespace)' : ''}`;
  const report = previewReport({
    result,
    fieldManager,
    clientSide: input.clientSide,
    force: input.force,
    namespace: input.namespace,
    manifestName: input.manifestName,
    liveName: input.liveName,
    sent,
    objects,
    fieldErrors,
  });
  return {
    result,
    fieldManager,
    request: requestLine(fieldManager, input.clientSide, input.force),
    facts: [...applyFactLines(result.facts, o.exitCode === 0), ...kubectlWouldMigrate(input, sent, fieldManager)],
    fieldErrors,
    objects,
    valueChanges: report.valueChanges,
    createdWarning,
    report,
  };
}

/** How ownership changes are written: plain, or (the CLI on a terminal) in colour. */
export interface ChangeStyle {
  change(kind: string, text: string): string;
  value(v: ValueChange): string;
  conflict(text: string): string;
}

export const PLAIN_CHANGES: ChangeStyle = { change: (_k, t) => t, value: valueChangeText, conflict: (t) => t };

/** The ownership changes per object, each line followed by the values that changed at its paths. */
function formatChanges(changes: readonly ObjectChanges[], values: readonly ValueChange[] = [], style: ChangeStyle = PLAIN_CHANGES): string {
  if (changes.length === 0) return 'no change in ownership\n';
  return changes
    .map((c) => {
      const perChange = valuesPerChange(c, values);
      const lines = c.changes.map((x, i) => `  ${style.change(x.kind, x.text)}\n${perChange[i].map((v) => `    ${style.value(v)}\n`).join('')}`);
      return `${c.display}:\n${lines.join('')}`;
    })
    .join('');
}

/**
 * What `preview` prints on standard output after its first lines when the apply succeeds:
 * kubectl's own output, the objects created, then per object its ownership changes with the
 * values they change, or that its ownership does not change.
 */
export function previewChangesText(p: Preview, style: ChangeStyle = PLAIN_CHANGES): string {
  const { result } = p;
  const changed = new Set(result.changes.map((c) => c.display));
  const isTarget = (ref: ObjectRef | undefined) => ref !== undefined && result.targets.some((t) => sameObject(t, ref));
  // Each created object is said once: client-side apply's own line already says `created`
  // (` (server dry run)` after it on a dry run).
  const printed = result.outcome.stdout.split('\n');
  const createdLines = result.created
    .map((c) => `${refName(c)} created`)
    .filter((l) => !printed.some((p) => p === l || p.startsWith(`${l} (`)))
    .map((l) => `${l}\n`);
  const unchanged = result.after.objects.filter((x) => isTarget(x.ref) && !changed.has(x.display)).map((x) => `${x.display}: no change in ownership\n`);
  let text = result.outcome.stdout + createdLines.join('') + (result.changes.length ? formatChanges(result.changes, p.valueChanges, style) : '') + unchanged.join('');
  if (result.changes.length === 0 && unchanged.length === 0) text += 'no change in ownership\n';
  return text;
}

/** What `preview` prints by default: its first lines, the rest of standard output, standard error, and its exit status. */
export interface PreviewOutput {
  /** The request line and what decided the apply (printed before anything else). */
  readonly head: string;
  /** kubectl's output, then on success the ownership changes (previewChangesText). */
  readonly body: string;
  /** On failure kubectl's error (the 409 text) and the undeclared fields; on success notes and the created warning. */
  readonly stderr: string;
  /** 0 the apply succeeds, 1 it fails. */
  readonly exitCode: 0 | 1;
}

export function previewOutput(p: Preview, style: ChangeStyle = PLAIN_CHANGES, errorStyle: ChangeStyle = PLAIN_CHANGES): PreviewOutput {
  const o = p.result.outcome;
  const lines = (xs: readonly string[], prefix = '') => xs.map((l) => `${prefix}${l}\n`).join('');
  const head = lines([p.request, ...p.facts]);
  // A conflict is what the user must act on: red on a terminal.
  // kubectl goes on past a refused object: those the capture lacks are created all the same.
  const created = lines(p.createdWarning === undefined ? [] : [p.createdWarning], 'warning: ');
  if (o.exitCode !== 0) return { head, body: o.stdout, stderr: errorStyle.conflict(o.stderr) + lines(p.fieldErrors) + created, exitCode: 1 };
  // What kubectl printed on stderr (its warnings, the server's) comes first, as kubectl prints it.
  const stderr = o.stderr + lines(o.notes ?? [], 'note: ') + created;
  return { head, body: previewChangesText(p, style), stderr, exitCode: 0 };
}

/** What `preview` says when the manifest has no object. */
export const NO_MANIFEST_OBJECTS = 'no objects to apply';

/** `kubectl apply -o name`: one line per object, in the manifest's order. */
export function previewNames(p: Preview): string {
  return p.result.targets.map((t) => `${refName(t)}\n`).join('');
}
