import { SsaError } from '../errors/ssa-error.js';
import { builtinCatalog } from '../schema/builtin/builtin-catalog.js';
import { DEDUCED_TYPE_NAME, deducedSchemaDecl } from '../schema/deduced.js';
import { parseSchema } from '../schema/parse-schema.js';
import { type Atom, Schema } from '../schema/schema.js';

/**
 * Where engine requests get their schemas: inline YAML text (parsed once per distinct text),
 * the deduced schema for an empty text, the built-in Kubernetes schema for `"builtin"` (with a
 * reference type name such as `io.k8s.api.apps.v1.DaemonSet` as `type`), or a named schema
 * registered by the caller (the vectors' `schemaRef`).
 */
export class SchemaSource {
  private readonly byText = new Map<string, Schema>();
  private readonly byRef = new Map<string, string>();
  private deduced: Schema | undefined;

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

  rootAtom(text: string, ref: string | undefined, type: string): Atom {
    const schema = this.schemaFor(text, ref);
    return schema.named(type === '' ? DEDUCED_TYPE_NAME : type);
  }
}
