import { type Path, PeKind } from '../fieldpath/path-element.js';
import { stepInto } from '../fieldpath/value-at-path.js';
import { isMap, newMap, type Value } from '../value/value.js';

/**
 * `v` without the node `path` names; a map or list left empty by it goes too (an empty one in an
 * apply would claim the container itself).
 */
export function withoutPath(v: Value, path: Path): Value | undefined {
  if (path.length === 0) return undefined;
  const [pe, ...rest] = path;
  const child = stepInto(v, pe);
  if (child === undefined) return v;
  const next = rest.length === 0 ? undefined : withoutPath(child, rest);
  const emptied = next !== undefined && ((isMap(next) && Object.keys(next).length === 0) || (Array.isArray(next) && next.length === 0));
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) if (!(pe.kind === PeKind.Field && k === pe.name)) out[k] = v[k];
    if (pe.kind === PeKind.Field && next !== undefined && !emptied) out[pe.name] = next;
    return out;
  }
  if (Array.isArray(v)) {
    const i = (v as Value[]).indexOf(child);
    const out = [...(v as Value[])];
    if (next === undefined || emptied) out.splice(i, 1);
    else out[i] = next;
    return out;
  }
  return v;
}

