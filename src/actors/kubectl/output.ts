/**
 * What kubectl prints (apiserver-semantics §4.6, §5.1): per-object success lines, the help block
 * it appends to a server-side apply conflict, the `error: ` prefix rule and the form of server
 * Status errors, and how kubectl names the file an error came from.
 */
import type { StatusDetails } from '../../apiserver/types.js';
import { goQuote } from '../../fieldpath/format-go-value.js';

/** The help text kubectl appends to a conflict of `apply --server-side`, byte for byte. */
export const CONFLICT_HELP = `Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`;

/** `daemonset.apps/aws-node`, `configmap/x` (core group: no suffix). */
export function objectName(kind: string, group: string, name: string): string {
  return `${kind.toLowerCase()}${group ? `.${group}` : ''}/${name}`;
}

export type DryRunSuffix = 'none' | 'server' | 'client';

/**
 * One success line: `daemonset.apps/aws-node serverside-applied (server dry run)\n`. With
 * `-o name` only the object name is printed.
 */
export function successLine(kind: string, group: string, name: string, verb: string, dryRun: DryRunSuffix = 'none', outputName = false): string {
  const obj = objectName(kind, group, name);
  if (outputName) return `${obj}\n`;
  const suffix = dryRun === 'server' ? ' (server dry run)' : dryRun === 'client' ? ' (dry run)' : '';
  return `${obj} ${verb}${suffix}\n`;
}

/** The error kubectl builds on an apply conflict: the server message, a newline, the help block. */
export function conflictError(serverMessage: string): string {
  return `${serverMessage}\n${CONFLICT_HELP}`;
}

/**
 * How kubectl's top-level handler prints a plain (non-Status) error: `error: ` unless it already
 * starts with it, and a final newline.
 */
export function plainErrorText(message: string): string {
  return withFinalNewline(`${message.startsWith('error: ') ? '' : 'error: '}${message}`);
}

/** kubectl's fatal: the text it prints for a lone error gets a newline only when it has none. */
function withFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * How a server Status error prints: `Error from server (Reason): message`, or
 * `Error from server: message` when the reason is empty.
 */
export function statusErrorText(reason: string, message: string): string {
  return `${statusErrorMessage(reason, message)}\n`;
}

/** kubectl's StandardErrorMessage of a server Status: `Error from server (Reason): message`. */
function statusErrorMessage(reason: string, message: string): string {
  return `Error from server${reason ? ` (${reason})` : ''}: ${message}`;
}

/**
 * The errors of one kubectl invocation, as printed to stderr. A single error prints through the
 * top-level handler (`error: ` prefix for a plain error); several are printed one after another,
 * each on its own, with no prefix for plain errors (apiserver-semantics §4.6).
 */
export interface KubectlError {
  /** `plain` errors get the `error: ` prefix when alone; `status` errors print as `Error from server`. */
  readonly kind: 'plain' | 'status';
  readonly message: string;
  readonly reason?: string;
  /** A status error's details (kind, name, causes): what a lone Invalid error prints instead of its message. */
  readonly details?: StatusDetails;
}

/**
 * A lone Invalid status error as kubectl's top-level handler (cmdutil's checkErr) prints it: from
 * the details, not the message (so not the `error when creating "FILE"` kubectl added to it):
 * `The <Kind> "<name>" is invalid: <field>: <message>`, one `* <field>: <message>` line per cause
 * when there are several (repeated ones once). Without a kind or a name the head is `The request
 * is invalid`, followed by the server's message when nothing else would say it: no details at
 * all, or details without causes.
 */
export function invalidErrorText(details: StatusDetails | undefined, message: string): string {
  const withMessage = message.length > 0 ? `The request is invalid: ${message}` : 'The request is invalid';
  if (details === undefined) return withFinalNewline(withMessage);
  const causes = [...new Set((details.causes ?? []).map((c) => `${c.field ?? ''}: ${c.message}`))];
  const head = details.kind || details.name ? `The ${details.kind ?? ''} ${goQuote(details.name ?? '')} is invalid` : causes.length === 0 ? withMessage : 'The request is invalid';
  if (causes.length === 0) return withFinalNewline(head);
  if (causes.length === 1) return `${head}: ${causes[0]}\n`;
  return `${head}: \n${causes.map((c) => `* ${c}\n`).join('')}`;
}

export function printErrors(errors: readonly KubectlError[]): string {
  if (errors.length === 0) return '';
  if (errors.length === 1) {
    const e = errors[0];
    if (e.kind === 'status' && e.reason === 'Invalid') return invalidErrorText(e.details, e.message);
    return e.kind === 'status' ? withFinalNewline(statusErrorMessage(e.reason ?? '', e.message)) : plainErrorText(e.message);
  }
  return errors.map((e) => (e.kind === 'status' ? statusErrorText(e.reason ?? '', e.message) : `${e.message}\n`)).join('');
}

/**
 * kubectl's `AddSourceToErr`: the message becomes `error when <doing> "<source>": <message>`
 * (a server Status keeps its reason, so it still prints as `Error from server (Reason): ...`).
 */
export function withSource(e: KubectlError, doing: string, source: string): KubectlError {
  return { ...e, message: `error when ${doing} ${goQuote(source)}: ${e.message}` };
}

/** The object as kubectl's `resource.Info` prints (`%v`): its REST mapping, then name and namespace. */
export function infoText(c: { group: string; version: string; resource: string; kind: string; name: string; namespace: string }): string {
  const gv = `${c.group}/${c.version}`;
  return (
    `Resource: ${goQuote(`${gv}, Resource=${c.resource}`)}, GroupVersionKind: ${goQuote(`${gv}, Kind=${c.kind}`)}\n` +
    `Name: ${goQuote(c.name)}, Namespace: ${goQuote(c.namespace)}`
  );
}

/** The source kubectl names when the objects came from standard input (`-f -`). */
export const STDIN_SOURCE = 'STDIN';

/** The warning CSA prints for an existing object without the annotation (§5.1 step 3). */
export function missingAnnotationWarning(resource: string, name: string): string {
  return (
    `Warning: resource ${resource}/${name} is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. ` +
    'kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. ' +
    'The missing annotation will be patched automatically.\n'
  );
}

/** kubectl's own flag validation texts (printed as `error: <text>`). */
export const VALIDATION = {
  forceConflictsNeedsServerSide: '--force-conflicts only works with --server-side',
  dryRunClientWithServerSide: "--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)",
  forceWithServerSide: '--force cannot be used with --server-side',
  subresourceNeedsServerSide: '--subresource can only be specified for --server-side',
} as const;

/** Warnings of the server-side apply migration steps (§5.2). */
export const MIGRATION_WARNING = {
  annotation: (err: string) =>
    `Warning: failed to migrate kubectl.kubernetes.io/last-applied-configuration for Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: ${err}\n`,
  managedFields: (err: string) =>
    `Warning: server rejected managed fields migration to Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: ${err}\n`,
  reapply: (err: string) =>
    `Warning: failed to re-apply configuration after performing Server-Side Apply migration. This is non-fatal and will be retried next time you apply. Error: ${err}\n`,
} as const;
