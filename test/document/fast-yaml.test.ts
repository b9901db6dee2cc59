import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import YAML, { isMap, isScalar } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { SourcePosition } from '../../src/errors/ssa-error.js';
import { placeOf, readYamlFast, typedPlain, unescapeDoubleQuoted } from '../../src/document/fast-yaml.js';
import { composeYaml, type DocSegment, documentValue, locator, MAX_ALIAS_NODES, readYaml } from '../../src/document/read-yaml.js';
import { formatGoNumber } from '../../src/fieldpath/format-go-value.js';
import { toYaml } from '../../src/manifest/write-yaml.js';
import type { Value } from '../../src/value/value.js';
import { stringifyJson } from '../../src/value/stringify-json.js';
import { bigObject } from '../../bench/big-object.js';

// The fast reader is a shortcut: wherever it answers, it must answer exactly what the full
// reader answers (values with their key order, YAML 1.1 notes, document indexes, root positions).

const keyText = { null: 'null', number: formatGoNumber };
const keyString = (v: Value) => (v === null ? keyText.null : typeof v === 'number' ? keyText.number(v) : String(v));

function full(text: string) {
  const opts = { file: 'f.yaml', maxDepth: 512, maxAliasNodes: MAX_ALIAS_NODES, keyText };
  const stream = composeYaml(text, opts);
  const out = [];
  for (let index = 0; index < stream.documents.length; index++) {
    const doc = stream.documents[index];
    if (doc.errors.length > 0) return 'error';
    if (doc.contents === null) continue;
    const { value, notes } = documentValue(stream, doc, opts);
    out.push({ index, value, notes, root: stream.position(locator(stream, doc, opts).offsetOf([])) });
  }
  return out;
}

/** JSON with key order kept, so that a difference in order shows. */
const dump = (x: unknown) => stringifyJson(x);

/** Every path of a value, and below each a key and an index that are not there. */
function* pathsOf(v: Value, path: DocSegment[] = []): Generator<DocSegment[]> {
  yield path;
  yield [...path, 'not-there'];
  yield [...path, 1000];
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) yield* pathsOf(v[i], [...path, i]);
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) yield* pathsOf(v[k], [...path, k]);
}

/** Where the line reader places each node, where it says, is where the full reader's locator does. */
function placesAgree(text: string): void {
  const placed = readYamlFast(text, { file: 'f.yaml', maxDepth: 512, keyString, refuseNonFinite: false, places: true });
  if (placed === undefined) throw new Error('read without places, not with them');
  const opts = { file: 'f.yaml', maxDepth: 512, maxAliasNodes: MAX_ALIAS_NODES, keyText };
  const stream = composeYaml(text, opts);
  const show = (p: SourcePosition | undefined) => (p === undefined ? '-' : `${p.line}:${p.column}`);
  for (const d of placed) {
    const loc = locator(stream, stream.documents[d.index], opts);
    const mine: string[] = [];
    const theirs: string[] = [];
    for (const path of pathsOf(d.value)) {
      for (const at of ['key', 'value'] as const) {
        const p = d.places === undefined ? undefined : placeOf(d.places, path, at, 'f.yaml');
        if (p === undefined) continue;
        mine.push(`${JSON.stringify(path)} ${at} ${show(p)}`);
        theirs.push(`${JSON.stringify(path)} ${at} ${show(stream.position(loc.offsetOf(path, at)))}`);
      }
    }
    expect(mine).toEqual(theirs);
  }
}

function agree(text: string): boolean {
  const fast = readYamlFast(text, { file: 'f.yaml', maxDepth: 512, keyString, refuseNonFinite: false });
  if (fast === undefined) return false;
  const slow = full(text);
  expect(slow).not.toBe('error');
  expect(dump(fast)).toBe(dump(slow));
  placesAgree(text);
  return true;
}

function yamlFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yamlFiles(p, out);
    else if (/\.ya?ml$/.test(name)) out.push(p);
  }
  return out;
}

describe('the fast YAML reader agrees with the full one', () => {
  it('on every YAML file of the repository and of the shared references it reads', () => {
    const files = [...yamlFiles('scenarios'), ...yamlFiles('test'), ...yamlFiles('../shared/reference')];
    let read = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      if (text.length > 3_000_000) continue;
      if (agree(text)) read++;
    }
    expect(read).toBeGreaterThan(0);
    // kubectl's own output is what the shortcut is for.
    expect(readYamlFast(readFileSync('test/cli/aws-node-live.yaml', 'utf8'), { maxDepth: 512, keyString, refuseNonFinite: false })).toBeDefined();
  });

  it('reads the scenario files itself, but for their anchors and aliases: `ssa-sim run` of them never needs the full reader', () => {
    // Their flow maps and lists on one line, folded prose (`>`), literal blocks.
    const files = yamlFiles('scenarios').filter((f) => !/(?:: |- )[&*][\w-]/.test(readFileSync(f, 'utf8')));
    expect(files).toContain(join('scenarios', 'eks-vpc-cni-addon.yaml'));
    expect(files.filter((f) => !agree(readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('places every node the same whether positions are recorded as the text is read or on the first ask', () => {
    const opts = { file: 'f.yaml', maxDepth: 512, maxAliasNodes: MAX_ALIAS_NODES };
    for (const f of yamlFiles('scenarios')) {
      const text = readFileSync(f, 'utf8');
      const eager = [...readYaml(text, { ...opts, eagerPositions: true })];
      const lazy = [...readYaml(text, opts)];
      expect(eager.length).toBe(lazy.length);
      eager.forEach((d, i) => {
        const show = (doc: typeof d) => [...pathsOf(doc.value)].flatMap((p) => (['key', 'value'] as const).map((at) => `${JSON.stringify(p)} ${at} ${JSON.stringify(doc.positionOf(p, at))}`));
        expect(show(d)).toEqual(show(lazy[i]));
      });
    }
  });

  it('on random values written in flow style on one line, and as folded prose (fixed seed)', () => {
    const word = fc.constantFrom('a', 'no', 'On', 'null', '~', '0777', '1', '1.5', '-1', '.', '-', 'a b', 'x:y', ': x', '#', 'a #b', "it's", 'x"y', '', ' ', 'k:{"name":"x"}', 'é', '<<', '- a', '.inf', '1e3', '0x1F', '2024-01-01', 'a,b', '[x]', '{y}', '?', '?x', '&a', '*a', '!t', '%', '@', '`', '|', '>');
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, word, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), tie('list'), tie('map')),
      list: fc.array(tie('v'), { maxLength: 4 }),
      map: fc.dictionary(word, tie('v'), { maxKeys: 4 }),
    }));
    const prose = fc.array(fc.oneof(fc.constantFrom('', ' ', 'a', 'b c', '  indented', 'trailing ', '# not a comment', 'x: y'), fc.string({ maxLength: 6 })), { maxLength: 6 });
    const readFast = [0, 0];
    fc.assert(
      fc.property(value.map, value.v, prose, fc.constantFrom('>', '>-', '|', '|-'), fc.boolean(), (m, v, lines, header, spaced) => {
        // The yaml package writes the flow style below a block root and in block list items, as
        // ssa-sim's scenarios have it.
        const doc = new YAML.Document({ m, v, l: [structuredClone(m), structuredClone(v)] }, { version: '1.1' });
        YAML.visit(doc, { Map: (_, n) => void (n.flow = true), Seq: (_, n) => void (n.flow = true) });
        (doc.contents as YAML.YAMLMap).flow = false;
        (doc.get('l') as YAML.YAMLSeq).flow = false;
        const flowText = doc.toString({ lineWidth: 0, flowCollectionPadding: spaced });
        const folded = `p: ${header}\n${lines.map((l) => (l === '' ? '' : `  ${l}`)).join('\n')}\nq: 1\n`;
        [flowText, folded].forEach((text, i) => {
          if (agree(text)) readFast[i]++;
        });
      }),
      { seed: 15_02, numRuns: 400, verbose: true },
    );
    // Out of 400 each: the rest hold words that send the text to the full reader.
    expect(readFast[0]).toBeGreaterThan(200);
    expect(readFast[1]).toBeGreaterThan(150);
  });

  it('on random values as ssa-sim writes them (fixed seed)', () => {
    const word = fc.constantFrom('a', 'no', 'yes', 'On', 'null', '~', '0777', '1', '1.5', '-1', '.', '-', ': x', '#', 'a #b', "it's", 'x"y', '', ' ', 'k:{"name":"x"}', '\\t', 'é', '<<', '- a', '.inf', '1e3', '0x1F', 'true', '2024-01-01', 'line\nbreak');
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, word, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), tie('list'), tie('map')),
      list: fc.array(tie('v'), { maxLength: 4 }),
      map: fc.dictionary(word, tie('v'), { maxKeys: 4 }),
    })).map;
    let readFast = 0;
    fc.assert(
      fc.property(value, (v) => {
        if (agree(toYaml(v as Value))) readFast++;
      }),
      { seed: 16_07, numRuns: 400, verbose: true },
    );
    expect(readFast).toBeGreaterThan(100);
  });

  it('reads the benchmark’s 2 MB captured object itself, and the manifest applied over it', () => {
    const big = bigObject(8, 20);
    expect(agree(big.liveYaml)).toBe(true);
    expect(agree(big.manifestYaml)).toBe(true);
  });

  it('types plain scalars at a glance only where the full reader types them the same', () => {
    // Every text of up to three characters over the characters YAML 1.1's patterns turn on, and
    // words that are numbers, booleans, nulls, timestamps or look like them.
    const chars = ['0', '1', '7', '9', '.', '-', '+', '_', ':', 'e', 'E', 'x', 'b', 'a', 'f', 'n', 'i', 'o', 'y', 'N', 'T', 'Z', ' ', '%', 'm', '~', '<', '='];
    const texts = new Set<string>(['true', 'False', 'ON', 'off', 'Yes', 'NO', 'null', 'Null', 'NULL', '~', '.inf', '-.Inf', '.NaN', '0777', '0o17', '0x1F', '0b101', '1_000', '1:30', '1:30.5', '2024-01-01', '2024-01-01T10:00:00Z', '2024-01-01 10:00:00 +01:00', '1e3', '-1.5e-3', '-0', '+5', '007', '123456789012345', '1234567890123456', '-123456789012345', '9007199254740993', '10%', '25m', '1m', '-rpc-timeout=5s', '-addr=:50051', '602401143452.dkr.ecr.eu-west-1.amazonaws.com/x:v1', 'e5', '-e5', '+.5', '1.', '.5', '0.0']);
    for (const a of chars) for (const b of ['', ...chars]) for (const c of ['', ...chars]) texts.add(a + b + c);
    let typed = 0;
    for (const text of texts) {
      const mine = typedPlain(text);
      if (mine === undefined) continue;
      // Only texts the full reader reads as one plain scalar reach typedPlain (others bail before).
      const stream = composeYaml(`x: ${text}\n`, { maxDepth: 512 });
      const pair = stream.documents.length === 1 && stream.documents[0].errors.length === 0 && isMap(stream.documents[0].contents) ? stream.documents[0].contents.items[0] : undefined;
      if (!isScalar(pair?.value) || pair.value.type !== 'PLAIN' || pair.value.source !== text) continue;
      const docs = full(`x: ${text}\n`);
      expect(docs !== 'error' && dump(docs[0].value)).toBe(dump({ x: mine.value }));
      const notes = docs === 'error' ? [] : docs[0].notes.map((n) => ({ kind: n.kind, text: n.text, value: n.value, yaml11Only: n.yaml11Only }));
      expect({ text, notes }).toEqual({ text, notes: mine.note === undefined ? [] : [mine.note] });
      typed++;
    }
    expect(typed).toBeGreaterThan(10_000);
  });

  it('unescapes the simple escapes of a double-quoted scalar as the full reader does, and leaves it the others', () => {
    const texts = ['"a\\"b"', '"\\\\"', '"x\\ny\\tz\\r"', '"Apply failed: \\"m\\"\\n- .a"', '"\\u00e9"', '"\\x41"', '"a\\ b"', '"\\/"', '"\\N"', '"\\0"', '"end\\\\"'];
    for (const text of texts) {
      const mine = unescapeDoubleQuoted(text);
      if (mine === undefined) continue;
      const docs = full(`x: ${text}\n`);
      expect(docs !== 'error' && dump(docs[0].value)).toBe(dump({ x: mine }));
    }
    expect(texts.filter((t) => unescapeDoubleQuoted(t) !== undefined)).toEqual(['"a\\"b"', '"\\\\"', '"x\\ny\\tz\\r"', '"Apply failed: \\"m\\"\\n- .a"', '"end\\\\"']);
  });

  it.each([
    'a: 1\nb: no\nc: "no"\nd: 0777\ne: ~\nf:\ng: .\nh: -.\ni: 1:30\nj: 2024-01-01\nk: 1_000\nl: 0x1F\nm: .5\nn: -1\no: +1\np: .inf\nq: yes # c\nr: \'it\'\'s\'\ns: "a\\tb"\nt: "x #y" # z\n',
    'on: 1\n1.50: 2\n~: 3\n"q": 4\n\'s\': 5\ntrue: 6\n',
    '# head\n---\na: 1\n---\n---\nb: [ ]\n',
    'a: 1\n---\n',
    '---\n# only a comment\n---\nx: {}\ny: []\n',
    'list:\n- a\n- b: 1\n  c: 2\n-   d: 3\n    e:\n    - 4\n- "q"\n- {}\nafter: x\n',
    'm:\n  k:{"name":"x"}:\n    .: {}\n    f:name: {}\n  v:"a b": {}\n  f:a#b: {}\n',
    'a:\n  - 1\n  - 2\nb:\n    c: 3\n',
    'a: b: c\n',
    'a: |\n  text\n',
    'a: &x 1\nb: *x\n',
    'a: 1\na: 2\n',
    'a: multi\n  line\n',
    '- - a\n',
    'a: [1, 2]\n',
    'a: {"f:x":{"k:{\\"name\\":\\"y\\"}":{".":{}}},"n":-1, \'q\':[b]}\n',
    'a: {"x" :1}\nb: {"y":}\nc: {"z":b:c}\nd: ["k":1]\n',
    'a: !!str 1\n',
    '? a\n: b\n',
    'a:\n\tb: 1\n',
    '<<: {a: 1}\n',
    'key with spaces: value with spaces\n"quoted key": "quoted: value"\n',
    'a: "unterminated\n  quote"\n',
    '- a\n-\n  b: 1\n',
    'x: -\ny: -a\nz: ?b\nw: :c\n',
    'root scalar\n',
    'a: |\n  one\n\n  two\n    three\n\nb: |-\n  x\n  y\n\n\nc:\n- |\n  in a list\n- k: |\n    in a map\n  l: 1\nd: |\n  # not a comment\n',
    'a: |\n\n  after an empty line\n',
    'a: |\n',
    'a: |\n  x\n   \n  y\n',
    'a: |+\n  x\n\n',
    'a: >\n  x\n  y\n',
    'a: {b: 1, c: [x, "y z"], d: {}, e: [ ]} # c\n',
    'a: {b: c d, e: -1, f: .5, g: 0777, h: no, i: ~, j: 1:30, k: "a\\tb", l: \'it\'\'s\'}\n',
    "a: {'k': v, \"q\": 'w', 1: one, null: n, true: t}\n",
    '- {a: 1}\n- [b, {c: [d]}]\n-   {e: f}\n',
    'a: {b: }\n',
    'a: {b}\n',
    'a: [a: 1]\n',
    'a: {b: 1,}\n',
    'a: [1,]\n',
    'a: {b: 1\n',
    'a: {b: 1}\n  c: 2\n',
    'a: {b: 1}#x\n',
    'a: [1, 2] extra\n',
    'a: {x: y: z}\n',
    'a: {b: 1, b: 2}\n',
    'a: {b:1}\n',
    'a: [x#y, a b #c]\n',
    'a: [&x 1, *x]\n',
    '{a: 1}\n',
    'a: >-\n  x\n\n  y\n\n\n  z\nb: 1\n',
    'a: >\n  x\n    more\n  y\n',
    'a: >\n\n  x\n',
    'a: >\n  # text\n  x: y\nb: >\n  last\n\n',
    '- >\n  in a list\n  folded\n- x\n',
  ])('case %#', (text) => {
    const fast = readYamlFast(text, { file: 'f.yaml', maxDepth: 512, keyString, refuseNonFinite: false });
    if (fast === undefined) return; // the full reader takes it
    expect(dump(fast)).toBe(dump(full(text)));
    placesAgree(text);
  });
});

