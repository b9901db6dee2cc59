/**
 * `kubectl diff` offline: the captured live objects go into a simulated API server exactly as
 * `ssa-sim preview` puts them there (liveCluster), and kubectl diff's own requests run against it
 * (src/actors/kubectl/diff.ts): the object after the apply is the API server's dry-run answer.
 */
import { kubectlDiff, type KubectlDiffOutcome } from '../actors/kubectl/diff.js';
import type { KubeObject } from '../apiserver/types.js';
import type { SchemaCatalog } from '../schema/catalog.js';
import type { ValueMap } from '../value/value.js';
import { liveCluster } from './offline-apply.js';

export interface OfflineDiffOptions {
  readonly catalog: SchemaCatalog;
  readonly live: readonly KubeObject[];
  readonly manifests: readonly ValueMap[];
  readonly fieldManager?: string;
  readonly serverSide: boolean;
  readonly force: boolean;
  /** Time of the dry run (RFC 3339). */
  readonly now: string;
  readonly namespace?: string;
  /** The `-f` argument kubectl names in its messages (default `STDIN`). */
  readonly filename?: string;
}

export function offlineDiff(opts: OfflineDiffOptions): KubectlDiffOutcome {
  return kubectlDiff(liveCluster(opts.catalog, opts.live, opts.now), {
    manifests: opts.manifests,
    serverSide: opts.serverSide,
    forceConflicts: opts.force,
    now: opts.now,
    ...(opts.fieldManager !== undefined ? { fieldManager: opts.fieldManager } : {}),
    ...(opts.namespace !== undefined ? { namespace: opts.namespace } : {}),
    ...(opts.filename !== undefined ? { filename: opts.filename } : {}),
  });
}
