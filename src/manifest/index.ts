/**
 * Reading objects as users have them and writing them as kubectl prints them.
 *
 * - `readManifests(text, {file})`: YAML (multi-document) or JSON; `kind: List` flattened;
 *   positions for every node; YAML read as Kubernetes reads it (YAML 1.1 scalars: `no` is false),
 *   with a warning for each scalar where YAML 1.1 and 1.2 disagree; hostile input (alias bombs,
 *   deep nesting) is an SsaError('INPUT' | 'TOO_DEEP'); `__proto__` is data.
 * - `formatObjects(objects, {output})`: `kubectl get -o yaml|json` text (a `List` for several).
 * - `toYaml(value)` / `toJson(value)`: the same emitters for any value.
 */
export type { DocPath, Manifest, ManifestWarning, OutputFormat, ReadOptions, ReadResult, WriteOptions } from './types.js';
export { readManifests, readObjects } from './read-manifests.js';
export { formatObjects } from './format-objects.js';
export { toYaml } from './write-yaml.js';
export { toJson } from './write-json.js';
