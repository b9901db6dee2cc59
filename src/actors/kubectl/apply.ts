import type { ActorOutcome, ClusterState, KubectlApplyOptions } from '../actor.js';
import { EMPTY_NAME_ERROR, metadata, str, toObjects } from '../objects.js';
import type { ObjectCoordinates } from '../resources.js';
import type { KubeObject } from '../../apiserver/types.js';
import { clientSideApplyOne } from './client-side-apply.js';
import { fieldValidation, kubectlWire, runKubectl } from './kubectl.js';
import { infoText, type KubectlError, STDIN_SOURCE, VALIDATION, withSource } from './output.js';
import { buildTargets } from './resource-builder.js';
import { serverSideApplyOne } from './server-side-apply.js';
import { SsaError } from '../../errors/ssa-error.js';

/**
 * `kubectl apply -f <manifests>` (client-side, the default) or `kubectl apply --server-side`.
 *
 * Client-side (manager `kubectl-client-side-apply`, operation Update): a missing object is
 * created (POST) with the `kubectl.kubernetes.io/last-applied-configuration` annotation; an
 * existing one gets the three-way patch from that annotation, the manifest and the live object
 * (strategic merge patch for built-in kinds, JSON merge patch for custom resources); no request
 * at all when the patch is empty. Lines: `daemonset.apps/aws-node created|configured|unchanged`.
 *
 * Server-side (manager `kubectl` or `fieldManager`, operation Apply): `force` always sent
 * (`forceConflicts`), then kubectl's migration of client-side-apply ownership (see
 * server-side-apply.ts). Line: `daemonset.apps/aws-node serverside-applied`. On a conflict,
 * stderr gets the server's message and kubectl's help block, with `error: ` when it is the
 * only failure. ` (server dry run)` / ` (dry run)` follow the verb on dry runs. Exit code 1 on
 * any failure.
 *
 * Flag checks, as kubectl: `--force-conflicts only works with --server-side`,
 * `--dry-run=client doesn't work with --server-side (...)`, `--force cannot be used with
 * --server-side`, `--subresource can only be specified for --server-side`.
 */
export function kubectlApply(state: ClusterState, options: KubectlApplyOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    const serverSide = options.serverSide ?? false;
    const dryRun = options.dryRun ?? 'none';
    const validation = fieldValidation(options.validate);
    if (options.forceConflicts && !serverSide) throw new SsaError('INPUT', VALIDATION.forceConflictsNeedsServerSide);
    if (dryRun === 'client' && serverSide) throw new SsaError('INPUT', VALIDATION.dryRunClientWithServerSide);
    if (serverSide && options.force) throw new SsaError('INPUT', VALIDATION.forceWithServerSide);
    if (dryRun === 'server' && options.force) throw new SsaError('INPUT', '--dry-run=server cannot be used with --force');
    if (options.subresource && !serverSide) throw new SsaError('INPUT', VALIDATION.subresourceNeedsServerSide);
    const objects = toObjects(options.manifests, undefined, options.readObjects);
    if (objects.length === 0) throw new SsaError('INPUT', 'no objects passed to apply');
    const fieldManager = options.fieldManager ?? (serverSide ? 'kubectl' : 'kubectl-client-side-apply');
    const built = buildTargets(wire.state, objects, options.namespace, options.filename ?? STDIN_SOURCE);
    errors.push(...built.errors);
    for (const { object: manifest, c } of built.targets) {
      if (c.name === '') {
        errors.push(namelessApplyError(manifest, serverSide, c, options.filename ?? STDIN_SOURCE));
        continue;
      }
      if (serverSide) {
        serverSideApplyOne(
          wire,
          manifest,
          c,
          {
            fieldManager,
            force: options.forceConflicts ?? false,
            dryRun,
            fieldValidation: validation,
            ...(options.subresource ? { subresource: options.subresource } : {}),
            outputName: options.output === 'name',
          },
          errors,
        );
      } else {
        clientSideApplyOne(
          wire,
          manifest,
          c,
          {
            fieldManager,
            dryRun,
            fieldValidation: validation,
            source: options.filename ?? STDIN_SOURCE,
            outputName: options.output === 'name',
            force: options.force ?? false,
          },
          errors,
        );
      }
    }
  });
}

/**
 * kubectl apply's answer for an object without metadata.name: `from PREFIX: cannot use generate
 * name with apply` when it has a generateName; otherwise client-go refuses the request it would
 * send first (`resource name may not be empty`), which client-side apply wraps as a failed read
 * of the current configuration and server-side apply prints as it is.
 */
function namelessApplyError(manifest: KubeObject, serverSide: boolean, c: ObjectCoordinates, source: string): KubectlError {
  const generateName = str(metadata(manifest), 'generateName');
  if (generateName) return { kind: 'plain', message: `from ${generateName}: cannot use generate name with apply` };
  const refused: KubectlError = { kind: 'plain', message: EMPTY_NAME_ERROR };
  return serverSide ? refused : withSource(refused, `retrieving current configuration of:\n${infoText(c)}\nfrom server for:`, source);
}
