/**
 * Helpers for the tables carried over from structured-merge-diff v6.4.2's own unit tests (the
 * data — schemas, objects, paths, expected sets — is upstream's; the code reading it is ours).
 * Objects are YAML read as the upstream tests read them (go-yaml v2, YAML 1.1); sets are written
 * as the path strings our messages print (`.list[id=1,key="a"].nv`, `.setStr[="a"]`, `.l[0]`).
 */
import type { Path } from '../../src/fieldpath/path-element.js';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { readYaml } from '../../src/document/read-yaml.js';
import { parsePathString } from '../../src/scenarios/value-at-path.js';
import { parseSchema } from '../../src/schema/parse-schema.js';
import { type Atom, Schema } from '../../src/schema/schema.js';
import type { Value } from '../../src/value/value.js';

/** A YAML object as upstream's `FromYAML` reads it; blank text is null. */
export function yamlObject(text: string): Value {
  const docs = Array.from(readYaml(text, { file: 'table.yaml', maxDepth: 1000, maxAliasNodes: 1000 }));
  if (docs.length > 1) throw new Error(`one YAML document expected:\n${text}`);
  return docs.length === 0 ? null : docs[0].value;
}

const schemas = new Map<string, Schema>();

/** The named type of a schema text (each text parsed once, so types compare as the same schema). */
export function typeIn(schemaText: string, name: string): Atom {
  let schema = schemas.get(schemaText);
  if (!schema) schemas.set(schemaText, (schema = new Schema(parseSchema(schemaText))));
  return schema.named(name);
}

/** One path from its printed form; a malformed text fails the test that wrote it. */
export function path(text: string): Path {
  const p = parsePathString(text);
  if (!p) throw new Error(`not a path: ${text}`);
  return p;
}

/** The set of these paths. */
export function pathSet(paths: readonly string[]): FieldSet {
  return FieldSet.fromPaths(paths.map(path));
}

/** A set's member paths, sorted, for readable failure messages. */
export function setLines(s: FieldSet): string[] {
  return s.paths().map(pathToString).sort();
}
