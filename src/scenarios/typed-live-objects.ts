/**
 * Live objects with the schema type the API server would merge each with (from the built-in
 * kinds and the extra schema sources): who owns a field depends on it (src/typed/owners-of-path.ts).
 */
import { createCluster, objectType, objectVersions } from '../apiserver/index.js';
import { SsaError } from '../errors/ssa-error.js';
import type { SchemaCatalog } from '../schema/catalog.js';
import type { Atom } from '../schema/schema.js';
import { getKey, type Value } from '../value/value.js';
import { withoutManagedFields } from './blame.js';
import { entriesAtObjectVersion } from './version-owners.js';
import { type LiveObject, objectDisplayName } from './read-live-objects.js';

export interface TypedLiveObject extends LiveObject {
  /** The object without metadata.managedFields (its owners are in `owners`). */
  readonly object: Value;
  readonly type: Atom;
}

/**
 * Each object with its type. An object of a kind that neither the built-in schema nor the given
 * files declare is an error at the object's `kind`, naming the flags that would declare it.
 */
export function withSchemaTypes(objects: readonly LiveObject[], catalog: SchemaCatalog): TypedLiveObject[] {
  const cluster = createCluster({ catalog });
  return objects.map((live) => {
    const type = objectType(cluster, live.manifest.object);
    if (!type) {
      const m = live.manifest;
      const apiVersion = String(getKey(m.object, 'apiVersion') ?? '');
      const kind = String(getKey(m.object, 'kind') ?? '');
      // A capture from an older cluster: the kind is known, at other versions.
      const at = [...new Set(catalog.kinds().filter((k) => k.kind === kind).map((k) => k.apiVersion))];
      const known = at.length > 0 ? `known at ${at.join(', ')}; ` : '';
      throw new SsaError(
        'UNKNOWN_KIND',
        `${objectDisplayName(m.object)}: no schema for kind ${JSON.stringify(kind)} in version ${JSON.stringify(apiVersion)} (${known}searched: ${catalog.sources.join(', ')}); give its CustomResourceDefinition with --crd FILE or its schema with --schema FILE`,
        { source: m.positionOf(['kind']) },
      );
    }
    const object = withoutManagedFields(live.manifest.object);
    // Entries written at another version are read at the object's (version-owners.ts).
    return { ...live, owners: entriesAtObjectVersion(live.owners, object, type, objectVersions(cluster, object)), object, type };
  });
}
