import { SsaError } from '../errors/ssa-error.js';
import { builtinCatalog } from './builtin/builtin-catalog.js';
import { catalogFromText } from './catalog-from-source.js';
import { combineCatalogs, makeCatalog, type SchemaCatalog } from './schema-catalog.js';

export interface SchemaSourceOptions {
  /** `--schema FILE`s: schema YAML, OpenAPI v2 or v3 (JSON or YAML), or CRDs; detected. */
  readonly schemaFiles?: readonly string[];
  /** `--crd FILE`s: CustomResourceDefinition manifests (one or several documents, or a List). */
  readonly crdFiles?: readonly string[];
  /** Include the built-in Kubernetes schema (first, so files override its types). Default true. */
  readonly builtin?: boolean;
  /**
   * Reads a file as UTF-8 text. Required when files are named: the schema layer does no I/O of
   * its own (the CLI passes the file system, the playground its bundled files).
   */
  readonly readFile?: (path: string) => string;
}

/**
 * The catalog a command works with: the built-in schema, then each `--schema` file, then each
 * `--crd` file, in order; a later source's types and kinds replace an earlier one's of the same
 * name. Throws SsaError naming the file (and the line and JSON pointer) of the first bad input.
 */
export function loadSchemaSources(opts: SchemaSourceOptions = {}): SchemaCatalog {
  const read =
    opts.readFile ??
    ((path: string): string => {
      throw new Error(`no file reader was given to read ${path}`);
    });
  const catalogs: SchemaCatalog[] = [];
  if (opts.builtin ?? true) catalogs.push(builtinCatalog());
  const load = (file: string, as: 'schema' | 'crd') => {
    let text: string;
    try {
      text = read(file);
    } catch (err) {
      const what = as === 'crd' ? 'CRD file' : 'schema file';
      throw new SsaError('INPUT', `cannot read ${what} ${file}: ${(err as Error).message}`, { source: { file }, cause: err });
    }
    catalogs.push(catalogFromText(text, file, as));
  };
  for (const file of opts.schemaFiles ?? []) load(file, 'schema');
  for (const file of opts.crdFiles ?? []) load(file, 'crd');
  if (catalogs.length === 0) return makeCatalog({ types: [], sources: [] });
  return combineCatalogs(...catalogs);
}
