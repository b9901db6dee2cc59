/**
 * `--schema FILE` and `--crd FILE`: every command that reads objects takes them, with the same
 * meaning (extra schema sources on top of the built-in Kubernetes kinds).
 */
import { loadSchemaSources, type SchemaCatalog } from '../schema/catalog.js';
import { readTextFile } from './read-input.js';

/** The --schema and --crd options, as every command that reads objects takes them. */
export const SCHEMA_OPTIONS = {
  schema: { type: 'string', multiple: true },
  crd: { type: 'string', multiple: true },
} as const;

/** The options' lines for a command's --help. */
export const SCHEMA_OPTIONS_HELP = `  --schema FILE        extra schema (schema YAML, OpenAPI v2/v3, or CRDs); repeatable
  --crd FILE           CustomResourceDefinition manifests; repeatable`;

/** The built-in kinds plus what the --schema and --crd files declare. */
export function catalogFromFlags(schemaFiles: readonly string[], crdFiles: readonly string[]): SchemaCatalog {
  return loadSchemaSources({ builtin: true, schemaFiles, crdFiles, readFile: (p) => readTextFile(p) });
}
