/**
 * What the server does to a request body before the field manager sees it: unknown fields are
 * dropped (with a warning, `fieldValidation=Warn`, the default), rejected (`Strict`) or dropped
 * silently (`Ignore`); values of the wrong type make the body undecodable (400); decode-time
 * defaults are applied (apiserver-semantics §2.12).
 */
import { fieldElement, indexElement, type PathElement } from '../fieldpath/path-element.js';
import { formatIssues, type UndeclaredField } from '../typed/issues.js';
import { listItemElement } from '../typed/list-item-element.js';
import { validate } from '../typed/validate.js';
import { type Atom, handlerFor } from '../schema/schema.js';
import { isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { goDecodeError } from './go-decode-error.js';
import { builtinProtoTables } from './protobuf-envelope.js';
import { messageNameOf } from './protobuf-messages.js';
import { invalidValue } from './field-error.js';
import { badRequest, invalid } from './status.js';
import type { ResourceType, StatusObject } from './types.js';

export type DecodeOutcome =
  | { ok: true; object: ValueMap; warnings: string[] }
  | { ok: false; status: StatusObject; undeclaredFields?: readonly UndeclaredField[] };

export function decodeBody(
  body: ValueMap,
  atom: Atom,
  kind: string,
  version: string,
  fieldValidation: 'Strict' | 'Warn' | 'Ignore',
  custom = false,
): DecodeOutcome {
  const unknown: string[] = [];
  const undeclared: UndeclaredField[] = [];
  const object = dropUnknownFields(body, atom, unknown, '', undeclared) as ValueMap;
  if (unknown.length > 0 && fieldValidation === 'Strict') {
    return { ok: false, status: badRequest(`strict decoding error: ${unknown.map((p) => `unknown field "${p}"`).join(', ')}`), undeclaredFields: undeclared };
  }
  const warnings = fieldValidation === 'Warn' ? unknown.map((p) => `unknown field "${p}"`) : [];
  // A custom resource is decoded unstructured: its wrong types are the schema validator's 422
  // after admission (cr-schema-validation.ts), never a decoding error.
  const issues = custom ? [] : validate(withoutRawFieldsV1(object), atom, { allowDuplicates: true });
  if (issues.length > 0) {
    return { ok: false, status: cannotBeHandled(kind, version, formatIssues(issues)) };
  }
  return { ok: true, object, warnings };
}

/**
 * The object as its types are checked: a managedFields entry's `fieldsV1` is raw JSON to Go
 * (FieldsV1.UnmarshalJSON keeps any value's bytes), so one that is not an object is no decoding
 * error; the field manager fails to read it and ignores the request's managedFields.
 */
function withoutRawFieldsV1(object: ValueMap): ValueMap {
  const meta = object.metadata;
  const entries = isMap(meta) ? meta.managedFields : undefined;
  if (!Array.isArray(entries) || entries.every((e) => !isMap(e) || e.fieldsV1 === undefined || e.fieldsV1 === null || isMap(e.fieldsV1))) return object;
  const checked = entries.map((e) => (isMap(e) && e.fieldsV1 !== undefined && e.fieldsV1 !== null && !isMap(e.fieldsV1) ? { ...e, fieldsV1: null } : e));
  return { ...object, metadata: { ...(meta as ValueMap), managedFields: checked } } as ValueMap;
}

/**
 * `v` without the map keys its type does not declare; their paths (`spec.foo`, `a[0].b`) go to
 * `out`, and, when given, each as a field path (items of keyed lists by key) with the names its
 * map declares to `found`.
 */
export function dropUnknownFields(v: Value, atom: Atom, out: string[], path = '', found?: UndeclaredField[], elements: readonly PathElement[] = []): Value {
  switch (handlerFor(atom, v)) {
    case 'map': {
      const t = atom.map!;
      if (!isMap(v)) return v;
      let changed = false;
      const res = newMap();
      for (const k of Object.keys(v)) {
        const field = t.fields.get(k);
        const type = field ? field.type : t.element;
        const p = path ? `${path}.${k}` : k;
        const pe = found ? [...elements, fieldElement(k)] : elements;
        if (!type) {
          out.push(p);
          found?.push({ path: pe, declared: [...t.fields.keys()] });
          changed = true;
          continue;
        }
        const nv = dropUnknownFields(v[k], type.get(), out, p, found, pe);
        if (nv !== v[k]) changed = true;
        res[k] = nv;
      }
      return changed ? res : v;
    }
    case 'list': {
      if (!Array.isArray(v)) return v;
      const list = atom.list!;
      const el = list.element.get();
      let changed = false;
      const res = v.map((item, i) => {
        let pe = elements;
        if (found) {
          const keyed = list.elementRelationship === 'associative' ? listItemElement(list, item) : undefined;
          pe = [...elements, keyed !== undefined && typeof keyed !== 'string' ? keyed : indexElement(i)];
        }
        const nv = dropUnknownFields(item, el, out, `${path}[${i}]`, found, pe);
        if (nv !== item) changed = true;
        return nv;
      });
      return changed ? res : v;
    }
    default:
      return v;
  }
}

/**
 * Go's decoding error of a body of a built-in kind at `version` (go-decode-error.ts), or
 * undefined when it decodes or the kind is a custom resource (decoded unstructured: its wrong
 * types are found against its schema).
 */
export function goDecodeText(body: ValueMap, resource: ResourceType, version: string): string | undefined {
  const message = goMessageOf(resource, version);
  return message === undefined ? undefined : goDecodeError(body, message, builtinProtoTables());
}

/** The protobuf message of a built-in kind's Go type at `version` (undefined for custom resources). */
export function goMessageOf(resource: ResourceType, version: string): string | undefined {
  const typeName = resource.custom ? undefined : resource.typeNames[version];
  return typeName === undefined ? undefined : messageNameOf(typeName);
}

/**
 * The 422 of a patch whose result does not fit the Go type (handlers/patch.go: NewInvalid with no
 * kind and no name): `"" is invalid: patch: Invalid value: "<value>": <text>`, the value the
 * patched JSON (json and merge patches) or the patch map as Go prints it (strategic).
 */
export function patchDoesNotDecode(value: string, text: string): StatusObject {
  return invalid('', '', '', [invalidValue('patch', value, text)]);
}

/** The 400 of a create or update whose body does not decode: `<Kind> in version "<v>" cannot be handled as a <Kind>: <text>`. */
export function cannotBeHandled(kind: string, version: string, text: string): StatusObject {
  return badRequest(`${kind} in version "${version}" cannot be handled as a ${kind}: ${text}`);
}
