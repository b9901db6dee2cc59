import { makeCatalog, type SchemaCatalog } from '../schema-catalog.js';
import { parseCompactSchemaLazily } from './compact-parse.js';
import { EXTRA_TYPE_LINES } from './extra-types.js';
import { K8S_TYPE_LINES } from './k8s-types.generated.js';
import { BUILTIN_KINDS } from './kinds.js';

/** How the built-in schema is named among the sources a catalog searched. */
export const BUILTIN_SOURCE = 'built-in Kubernetes schema';

let builtin: SchemaCatalog | undefined;

/**
 * The built-in Kubernetes schema: every type reachable from the kinds of `BUILTIN_KINDS`, with
 * their merge semantics and strategic-merge-patch metadata. Built on first use and kept (the
 * catalog is immutable, so every caller may share it); each type's line is read when an object
 * first reaches that type, which keeps start-up short.
 */
export function builtinCatalog(): SchemaCatalog {
  return (builtin ??= makeCatalog({
    types: [...parseCompactSchemaLazily(K8S_TYPE_LINES, 'built-in schema').types, ...parseCompactSchemaLazily(EXTRA_TYPE_LINES, 'built-in extra types').types],
    kinds: BUILTIN_KINDS,
    sources: [BUILTIN_SOURCE],
  }));
}
