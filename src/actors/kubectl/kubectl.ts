/**
 * What every kubectl actor shares: kubectl's user agent, the wire, patch metadata for a kind,
 * how a failed response is reported, and how one invocation turns into an outcome.
 */
import type { ApiFailure, ApiResponse, ClusterState } from '../../apiserver/types.js';
import { SsaError } from '../../errors/ssa-error.js';
import { goQuote } from '../../fieldpath/format-go-value.js';
import type { ActorOutcome, CommonOptions, ValidateFlag } from '../actor.js';
import { Wire } from '../wire.js';
import { type KubectlError, plainErrorText, printErrors } from './output.js';
import { NO_PATCH_META, type PatchMetaNode, patchMetaFromAtom } from './patch-meta.js';

/**
 * The kubectl the model follows: v1.32 (`kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07`, the
 * build on this project's machines). Its flags, defaults and migration behaviour are v1.32's.
 */
export const KUBECTL_USER_AGENT = 'kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07';

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/** The `?fieldValidation=` kubectl sends for its `--validate` flag (default `strict`). */
export function fieldValidation(flag: ValidateFlag | undefined): FieldValidation {
  switch (flag === undefined ? 'strict' : String(flag)) {
    case 'strict':
    case 'true':
      return 'Strict';
    case 'warn':
      return 'Warn';
    case 'ignore':
    case 'false':
      return 'Ignore';
    default:
      throw new SsaError('INPUT', `invalid - validate option ${goQuote(String(flag))}; must be one of: strict (or true), warn, ignore (or false)`);
  }
}

export function kubectlWire(state: ClusterState, options: CommonOptions): Wire {
  return new Wire(state, { userAgent: options.userAgent ?? KUBECTL_USER_AGENT, ...(options.now ? { now: options.now } : {}) });
}

/** The strategic-merge-patch metadata of a kind, from the cluster's schema catalog. */
export function patchMetaFor(state: ClusterState, apiVersion: string, kind: string): PatchMetaNode {
  const catalog = state.config.catalog;
  const typeName = catalog.typeFor(apiVersion, kind);
  if (!typeName || !catalog.schema.hasType(typeName)) return NO_PATCH_META;
  return patchMetaFromAtom(catalog.schema.named(typeName));
}

/** A failed response as kubectl reports it: `Error from server (Reason): message`. */
export function statusError(response: ApiFailure): KubectlError {
  const { details } = response.status;
  return { kind: 'status', message: response.status.message, reason: response.status.reason ?? '', ...(details !== undefined ? { details } : {}) };
}

/** Prints the server's `Warning:` headers of a response, as kubectl does on stderr. */
export function printWarnings(wire: Wire, response: ApiResponse): void {
  for (const w of response.warnings) wire.printError(`Warning: ${w}\n`);
}

/**
 * Runs one kubectl invocation: `body` reports per-object errors into the list it is given; an
 * SsaError('INPUT') thrown by it is kubectl refusing the command line or the input (`error: ...`).
 * Exit code 1 when anything failed, as kubectl.
 */
export function runKubectl(wire: Wire, body: (errors: KubectlError[]) => void): ActorOutcome {
  const errors: KubectlError[] = [];
  try {
    body(errors);
  } catch (err) {
    if (err instanceof SsaError && err.code === 'INPUT') {
      wire.printError(plainErrorText(err.message));
      return wire.outcome(1);
    }
    throw err;
  }
  wire.printError(printErrors(errors));
  return wire.outcome(errors.length > 0 ? 1 : 0);
}
