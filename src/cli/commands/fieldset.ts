import { SsaError } from '../../errors/ssa-error.js';
import { decodeFieldsV1Value } from '../../fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1 } from '../../fieldpath/fieldsv1-encode.js';
import type { Path } from '../../fieldpath/path-element.js';
import { pathToString } from '../../fieldpath/path-string.js';
import { FieldSet } from '../../fieldpath/set.js';
import { type OwnerEntry, ownersFromObject } from '../../scenarios/owners.js';
import { quoteKeyValues } from '../../scenarios/locate-path.js';
import { objectDisplayName, readLiveObjectsText } from '../../scenarios/read-live-objects.js';
import { readYamlDocuments } from '../../scenarios/read-yaml.js';
import { parsePathString, resolvePathString } from '../../scenarios/value-at-path.js';
import { getKey, isList, isMap, type Value } from '../../value/value.js';
import { parseCommandArgs, usageError } from '../args.js';
import { type CommandIO, EXIT_OK } from '../io.js';
import { readInput } from '../read-input.js';

export const fieldsetUsage = `Usage: ssa-sim fieldset decode [FILE|-]
       ssa-sim fieldset encode [FILE|-] [--object FILE]

decode: reads FieldsV1 (JSON such as {"f:data":{".":{},"f:key":{}}}, or the YAML kubectl prints
        under fieldsV1), a managedFields entry, a list of entries, or objects with
        metadata.managedFields (kubectl get -o yaml --show-managed-fields: several documents or
        a List, each object named first), and prints one field path per line.
encode: reads field paths, one per line (as decode prints them and as conflicts name them),
        and prints the FieldsV1 JSON that owns exactly them. A path that is a prefix of another
        owns the container itself (the "." key).
        A field name may contain dots (.metadata.annotations.kubectl.kubernetes.io/restartedAt):
        give --object with an object that has the field, and the names are read as its keys;
        without it, every dot starts a new field.

Input is FILE, or standard input when FILE is - or absent.

Examples:
  echo '{"f:data":{".":{},"f:key":{}}}' | ssa-sim fieldset decode
  kubectl get cm x -o yaml --show-managed-fields | ssa-sim fieldset decode
  printf '.spec.replicas\\n.spec.template.spec.containers[name="app"].image\\n' | ssa-sim fieldset encode
`;

export const OPTIONS = { object: { type: 'string' } } as const;

export async function fieldsetCommand(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommandArgs('fieldset', args, OPTIONS, fieldsetUsage, io);
  if (typeof parsed === 'number') return parsed;
  const [sub, file, ...rest] = parsed.positionals;
  if (sub !== 'decode' && sub !== 'encode') return usageError('fieldset', sub === undefined ? 'expected decode or encode' : `unknown subcommand ${JSON.stringify(sub)}: expected decode or encode`, fieldsetUsage, io);
  if (rest.length > 0) return usageError('fieldset', `unexpected argument ${JSON.stringify(rest[0])}`, fieldsetUsage, io);
  const input = await readInput(file, io);
  if (sub === 'decode') {
    if (parsed.values.object !== undefined) return usageError('fieldset', '--object is for encode', fieldsetUsage, io);
    const decoded = decodeText(input.text, input.name);
    for (const w of decoded.warnings) io.writeError(`warning: ${w}\n`);
    io.write(decoded.text);
    return EXIT_OK;
  }
  let object: Value | undefined;
  if (parsed.values.object !== undefined) {
    const o = await readInput(parsed.values.object as string, io);
    object = readYamlDocuments(o.text, o.name)[0]?.value ?? null;
  }
  io.write(encodeText(input.text, input.name, object) + '\n');
  return EXIT_OK;
}

function pathsOf(set: FieldSet): string[] {
  const out: string[] = [];
  set.iterate((p) => out.push(pathToString(p)));
  return out;
}

/** An object as kubectl prints it (a List too), rather than FieldsV1 or managedFields entries. */
function isKubeObject(v: Value): boolean {
  return isMap(v) && typeof getKey(v, 'apiVersion') === 'string' && typeof getKey(v, 'kind') === 'string';
}

/** One entry's header and paths, each line indented by PAD. */
function entryLines(o: OwnerEntry, pad: string): string[] {
  const head = `${pad}${o.manager} (${o.operation}, ${o.apiVersion}${o.subresource ? `, subresource ${o.subresource}` : ''}${o.time ? `, ${o.time}` : ''}):`;
  return [head, ...pathsOf(o.set).map((p) => `${pad}  ${p}`)];
}

/**
 * Objects (`kubectl get -o yaml --show-managed-fields`: documents or a List) → each entry's paths;
 * with several objects each is named first. An object without managedFields is a warning.
 */
function decodeObjects(text: string, file: string): { text: string; warnings: string[] } {
  const { objects, warnings } = readLiveObjectsText(text, file);
  const many = objects.length > 1;
  const out: string[] = [];
  for (const o of objects) {
    if (many) {
      const meta = getKey(o.manifest.object, 'metadata');
      const ns = isMap(meta) ? getKey(meta, 'namespace') : undefined;
      out.push(`${objectDisplayName(o.manifest.object)}${typeof ns === 'string' && ns ? ` -n ${ns}` : ''}:`);
    }
    for (const owner of o.owners) out.push(...entryLines(owner, many ? '  ' : ''));
  }
  return { text: out.map((l) => l + '\n').join(''), warnings };
}

/** FieldsV1, entries, or objects → paths, one per line (per entry, under a header). */
export function decodeText(text: string, file: string): { text: string; warnings: string[] } {
  const docs = readYamlDocuments(text, file);
  if (docs.length === 0) throw new SsaError('INPUT', 'empty input: expected FieldsV1 JSON or managedFields', { source: { file, line: 1, column: 1 } });
  if (docs.every((d) => isKubeObject(d.value))) return decodeObjects(text, file);
  const out: string[] = [];
  for (const doc of docs) {
    const v = doc.value;
    const entries = entriesIn(v);
    if (entries) {
      let owners;
      try {
        owners = ownersFromObject({ metadata: { managedFields: entries } } as unknown as Value);
      } catch (err) {
        throw new SsaError('INPUT', (err as Error).message, { source: doc.positionOf([]) });
      }
      for (const o of owners) out.push(...entryLines(o, ''));
      continue;
    }
    let set: FieldSet;
    try {
      set = decodeFieldsV1Value(isMap(v) && getKey(v, 'fieldsV1') !== undefined ? getKey(v, 'fieldsV1')! : v);
    } catch (err) {
      throw new SsaError('INPUT', `not FieldsV1: ${(err as Error).message}`, { source: doc.positionOf([]) });
    }
    out.push(...pathsOf(set));
  }
  return { text: out.map((l) => l + '\n').join(''), warnings: [] };
}

function entriesIn(v: Value): Value[] | undefined {
  if (isList(v) && v.every((e) => isMap(e) && typeof getKey(e, 'manager') === 'string')) return v;
  if (isMap(v)) {
    const meta = getKey(v, 'metadata');
    const mf = isMap(meta) ? getKey(meta, 'managedFields') : undefined;
    if (isList(mf)) return mf;
    if (typeof getKey(v, 'manager') === 'string' && getKey(v, 'fieldsV1') !== undefined) return [v];
  }
  return undefined;
}

/** Paths, one per line → FieldsV1 JSON. */
export function encodeText(text: string, file: string, object?: Value): string {
  const paths: Path[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const text = line.startsWith('- ') ? line.slice(2).trim() : line;
    const path = object !== undefined ? (resolvePathString(object, text) ?? parsePathString(text)) : parsePathString(text);
    if (!path || path.length === 0) {
      // Key values written without their quotes: the path as it would read.
      const quoted = quoteKeyValues(text);
      const hint = quoted !== text && parsePathString(quoted) ? `; a key's text is quoted: ${quoted}` : '';
      throw new SsaError('INPUT', `expected a field path such as .spec.replicas or .spec.containers[name="app"].image, found ${JSON.stringify(text)}${hint}`, {
        source: { file, line: i + 1, column: raw.indexOf(text) + 1 },
      });
    }
    paths.push(path);
  });
  return encodeFieldsV1(FieldSet.fromPaths(paths));
}
