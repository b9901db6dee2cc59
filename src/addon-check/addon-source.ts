/**
 * OLD and NEW of an add-on check: a built-in add-on version (`vpc-cni@v1.10.1`, the manifests
 * ssa-sim ships in src/actors/eks/addons) or objects read from files.
 */
import { shippedAddon } from '../actors/eks/addons/index.js';
import { toObjects } from '../actors/objects.js';
import type { KubeObject } from '../apiserver/types.js';
import { SsaError } from '../errors/ssa-error.js';
import type { AddonSource } from './model.js';

/** The region of the ECR registry in the built-in images (the actors' default). */
const REGION = 'eu-west-1';

/**
 * `NAME@VERSION` names a built-in add-on version; the version may leave out its `-eksbuild.N`
 * suffix when exactly one shipped build matches. Undefined when `spec` is not of that form or
 * NAME is not a shipped add-on; an SsaError when NAME is shipped but VERSION is not.
 */
export function builtinAddon(spec: string): AddonSource | undefined {
  const found = builtinAddonManifest(spec);
  if (found === undefined) return undefined;
  const { addonName, version, text } = found;
  const objects = toObjects(text, `${addonName}.yaml`);
  return { kind: 'builtin', label: `${addonName}@${version}`, addonName, version, objects };
}

/** The manifest text of a built-in add-on version (`addon-check --print-manifest`), resolved as builtinAddon resolves it. */
export function builtinAddonManifest(spec: string): { addonName: string; version: string; text: string } | undefined {
  const at = spec.indexOf('@');
  if (at <= 0) return undefined;
  const addonName = spec.slice(0, at);
  const wanted = spec.slice(at + 1);
  const shipped = shippedAddon(addonName);
  if (!shipped) return undefined;
  const matches = shipped.versions.filter((v) => v === wanted || v.startsWith(`${wanted}-eksbuild.`));
  const version = matches.includes(wanted) ? wanted : matches.length === 1 ? matches[0] : undefined;
  if (version === undefined) {
    throw new SsaError(
      'INPUT',
      `${spec}: ${matches.length > 1 ? `several builds match: ${matches.join(', ')}` : `ssa-sim ships ${addonName} ${shipped.versions.join(', ')}`}`,
    );
  }
  return { addonName, version, text: shipped.manifest(version, REGION) };
}

/** Objects read from files; `label` names them in the report (the path as given). */
export function manifestAddon(label: string, objects: readonly KubeObject[]): AddonSource {
  if (objects.length === 0) throw new SsaError('INPUT', `${label}: no objects`);
  return { kind: 'manifests', label, objects };
}
