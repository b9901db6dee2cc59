/**
 * Where a field the schema does not declare is in the manifest that carried it, and what was
 * probably meant. The API server says which fields it refused (UndeclaredField: the path, the
 * names the map declares) behind its own unchanged text (`field not declared in schema`,
 * `strict decoding error: unknown field`); this finds each in the manifest's YAML and words one
 * line per field: `FILE:LINE:COLUMN: .spec.foo: not declared in the schema of Kind
 * apiVersion; did you mean "bar"?`. `preview`, `explain -f` and `run` print these lines.
 */
import type { RequestRecord } from '../actors/actor.js';
import type { UndeclaredField } from '../apiserver/types.js';
import { closestWord } from '../errors/closest-word.js';
import { formatSource, type SourcePosition } from '../errors/ssa-error.js';
import { PeKind } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import type { DocPath } from '../manifest/types.js';
import { getKey, isList, isMap, type Value } from '../value/value.js';
import { stepInto } from './value-at-path.js';

/** A manifest object with a way to find positions in the text it was read from. */
export interface LocatedManifest {
  readonly object: Value;
  positionOf(path: DocPath, at?: 'key' | 'value'): SourcePosition;
}

/** The document path (map keys, list positions) of `field` in `object`; undefined when the object does not have it. */
export function documentPathOf(object: Value, field: UndeclaredField): DocPath | undefined {
  const out: (string | number)[] = [];
  let v: Value | undefined = object;
  for (const pe of field.path) {
    if (v === undefined) return undefined;
    if (pe.kind === PeKind.Field) {
      if (!isMap(v) || getKey(v, pe.name) === undefined) return undefined;
      out.push(pe.name);
      v = getKey(v, pe.name);
    } else if (pe.kind === PeKind.Index) {
      if (!isList(v) || pe.index >= v.length) return undefined;
      out.push(pe.index);
      v = v[pe.index];
    } else {
      if (!isList(v)) return undefined;
      const item = stepInto(v, pe);
      const i = item === undefined ? -1 : v.indexOf(item);
      if (i < 0) return undefined;
      out.push(i);
      v = item;
    }
  }
  return out;
}

const same = (a: string | undefined, b: string | undefined) => (a ?? '') === (b ?? '');

/** The manifest a request was made from: same kind and name, and namespace where the manifest names one. */
export function manifestFor<M extends LocatedManifest>(manifests: readonly M[], target: RequestRecord['target']): M | undefined {
  return manifests.find((m) => {
    const o = m.object;
    if (!isMap(o) || getKey(o, 'kind') !== target.kind) return false;
    const meta = getKey(o, 'metadata');
    if (!isMap(meta) || getKey(meta, 'name') !== target.name) return false;
    const ns = getKey(meta, 'namespace');
    return typeof ns !== 'string' || same(ns, target.namespace);
  });
}

/** One line per undeclared field of a failed request, located in its manifest where it can be found there. */
export function undeclaredFieldLines(request: Pick<RequestRecord, 'target' | 'failure'>, manifests: readonly LocatedManifest[]): string[] {
  const fields = request.failure?.undeclaredFields ?? [];
  if (fields.length === 0) return [];
  const manifest = manifestFor(manifests, request.target);
  const where = `${request.target.kind} ${request.target.apiVersion}`;
  return fields.map((f) => {
    const docPath = manifest ? documentPathOf(manifest.object, f) : undefined;
    const at = docPath && manifest ? `${formatSource(manifest.positionOf(docPath, 'key'))}: ` : '';
    const last = f.path[f.path.length - 1];
    const near = last?.kind === PeKind.Field ? closestWord(last.name, f.declared) : undefined;
    return `${at}${pathToString(f.path)}: not declared in the schema of ${where}${near !== undefined ? `; did you mean ${JSON.stringify(near)}?` : ''}`;
  });
}

/** The lines for every failed request of an action. */
export function undeclaredFieldNotes(requests: readonly Pick<RequestRecord, 'target' | 'failure'>[], manifests: readonly LocatedManifest[]): string[] {
  return requests.flatMap((r) => undeclaredFieldLines(r, manifests));
}
