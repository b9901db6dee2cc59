import { parse as parseYaml } from 'yaml';
import { SsaError } from '../../errors/ssa-error.js';
import { valueEquals } from '../../value/equals.js';
import type { Value } from '../../value/value.js';
import type { ActorOutcome, ClusterState, KubectlPatchOptions } from '../actor.js';
import { splitApiVersion } from '../../apiserver/registry.js';
import { toValue } from '../../apiserver/object-paths.js';
import { str } from '../objects.js';
import { kubectlWire, runKubectl } from './kubectl.js';
import { successLine } from './output.js';
import { fetch, resolveTarget, sendPatch } from './target.js';
import { parseJsonExact } from '../../value/parse-json.js';

/**
 * What kubectl sends for `-p`: its `yaml.ToJSON` keeps text that starts with `{` byte for byte
 * and re-encodes anything else (a JSON patch list, YAML) as Go's encoding/json does.
 */
function patchBody(given: string | Value, decoded: Value): string | Value {
  return typeof given === 'string' && /^\s*\{/.test(given) ? given : decoded;
}

function decodePatch(patch: string | Value): Value {
  if (typeof patch !== 'string') return patch;
  try {
    return toValue(parseJsonExact(patch));
  } catch {
    try {
      return toValue(parseYaml(patch, { version: '1.1', intAsBigInt: true }));
    } catch (err) {
      throw new SsaError('INPUT', `unable to parse "${patch}": ${(err as Error).message}`);
    }
  }
}

/**
 * `kubectl patch <resource>/<name> --type json|merge|strategic -p <patch>` — manager
 * `kubectl-patch`, Update: only what the patch adds or changes moves to it. `subresource`
 * patches `status` or `scale`. Line: `deployment.apps/nginx patched`, or
 * `deployment.apps/nginx patched (no change)` when the object came back unchanged; the kind is the
 * response's (`scale.autoscaling/nginx patched` for `--subresource=scale`).
 */
export function kubectlPatch(state: ClusterState, options: KubectlPatchOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    const t = resolveTarget(wire, options);
    const patch = decodePatch(options.patch);
    const before = fetch(wire, t, errors, options.subresource);
    if (!before) return;
    const dryRun = options.dryRun ?? 'none';
    const r = sendPatch(
      wire,
      t,
      {
        patchType: options.type ?? 'strategic',
        patch: patchBody(options.patch, patch),
        fieldManager: options.fieldManager ?? 'kubectl-patch',
        dryRun,
        ...(options.subresource ? { subresource: options.subresource } : {}),
      },
      errors,
    );
    if (!r.ok) return;
    const changed = r.object === undefined || !valueEquals(r.object, before);
    // kubectl names what the server answered: a Scale for `--subresource=scale`.
    const shown = r.object ?? before;
    const kind = str(shown, 'kind') ?? t.c.kind;
    const group = splitApiVersion(str(shown, 'apiVersion') ?? t.c.apiVersion).group;
    wire.print(successLine(kind, group, t.c.name, changed ? 'patched' : 'patched (no change)', dryRun));
  });
}
