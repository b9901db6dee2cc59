import { SsaError } from '../errors/ssa-error.js';
import { builtinCatalog } from '../schema/builtin/builtin-catalog.js';
import { DEDUCED_TYPE_NAME, deducedSchemaDecl } from '../schema/deduced.js';
import { parseSchema } from '../schema/parse-schema.js';
import { type Atom, Schema } from '../schema/schema.js';
import { BoundedCache } from './bounded-cache.js';

/**
 * How many parsed schemas a SchemaSource keeps, and how much schema text in all: a parsed schema
 * takes memory in proportion to its text (about 2 MB for the reference's Kubernetes schema), so a
 * long-lived `ssa-sim engine` fed ever new schemas stays flat.
 */
export const SCHEMA_CACHE_LIMITS = { entries: 16, textChars: 8_000_000 } as const;

/**
 * Where engine requests get their schemas: inline YAML text (parsed once, and kept while it is
 * among the recently used ones within SCHEMA_CACHE_LIMITS),
 * the deduced schema for an empty text, the built-in Kubernetes schema for `"builtin"` (with a
 * reference type name such as `io.k8s.api.apps.v1.DaemonSet` as `type`), or a named schema
 * registered by the caller (the vectors' `schemaRef`).
 */
export class SchemaSource {
  private readonly byText: BoundedCache<Schema>;
  private readonly byRef = new Map<string, string>();
  private deduced: Schema | undefined;

  constructor(limits: { readonly entries: number; readonly textChars: number } = SCHEMA_CACHE_LIMITS) {
    this.byText = new BoundedCache<Schema>(limits.entries, limits.textChars);
  }

  /** Makes `schemaRef: name` resolve to this schema text. */
  registerRef(name: string, text: string): void {
    this.byRef.set(name, text);
  }

  schemaFor(text: string, ref?: string): Schema {
    if (ref !== undefined && ref !== '') {
      const refText = this.byRef.get(ref);
      if (refText === undefined) throw new SsaError('INVALID_REQUEST', `unknown schemaRef ${JSON.stringify(ref)}`);
      text = refText;
    }
    if (text.trim() === '') return (this.deduced ??= new Schema(deducedSchemaDecl()));
    if (text.trim() === 'builtin') return builtinCatalog().schema;
    let schema = this.byText.get(text);
    if (!schema) {
      schema = new Schema(parseSchema(text));
      this.byText.set(text, schema);
    }
    return schema;
  }

  /** Number of parsed schemas kept. */
  cachedSchemas(): number {
    return this.byText.size;
  }

  /** Length of the schema texts kept, in all. */
  cachedTextChars(): number {
    return this.byText.totalWeight;
  }

  rootAtom(text: string, ref: string | undefined, type: string): Atom {
    const schema = this.schemaFor(text, ref);
    return schema.named(type === '' ? DEDUCED_TYPE_NAME : type);
  }
}
