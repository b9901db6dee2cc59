#!/usr/bin/env node
/**
 * Generates src/apiserver/go-field-types.generated.ts: the Go type of every field of every message
 * of the protobuf tables (src/apiserver/protobuf-messages.generated.ts), as Go's reflect names it
 * (`reflect.Type.String()`: the package's name, not its import path, before the type's name), and
 * the underlying type of every named slice or map type those fields use. Go's JSON decoder names
 * a field's type that way when a value does not fit it (`json: cannot unmarshal number into Go
 * struct field ConfigMap.data of type string`), and the protobuf tables do not record Go's names
 * of types (`v1.Protocol`, `v1.ResourceList`, `[]uint8`).
 *
 * Fields are matched by their protobuf number (the `protobuf:"..."` struct tag). The Go types are
 * read at --ref (the modelled release, e.g. v0.32.13); a message or field that release does not
 * have is read at each --fallback REF in turn (newer releases, or the commit the tables' newest
 * .proto files came from).
 *
 *   node tools/gen-go-field-types.mjs --api DIR --apimachinery DIR --apiextensions DIR --ref v0.32.13 \
 *     --fallback v0.36.3 --fallback 10b39a39bcee995dfe7cd5e8e7b922be5e46f1e2
 *
 * DIRs are git directories (e.g. /work/.mirror/kubernetes+api/repo).
 *
 * Line format: `NAME NUMBER=TYPE ...` (NAME as in the protobuf tables; TYPE Go's, pointers kept:
 * `*int32`, `[]v1.Container`, `map[string][]uint8`); then `type NAME UNDERLYING` lines for the named
 * slice and map types (`type v1.ResourceList map[v1.ResourceName]resource.Quantity`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolArgs } from './tool-args.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node tools/gen-go-field-types.mjs --api DIR --apimachinery DIR --apiextensions DIR --ref REF [--fallback REF]...';
const { values: args, value: arg } = toolArgs(USAGE);
const goRepos = { api: arg('--api'), apimachinery: arg('--apimachinery'), apiextensions: arg('--apiextensions') };
const refs = [arg('--ref'), ...args('--fallback')];

/** The messages of the protobuf tables: short name → [field numbers]. */
function tableMessages() {
  const text = readFileSync(resolve(repo, 'src', 'apiserver', 'protobuf-messages.generated.ts'), 'utf8');
  const out = new Map();
  for (const m of text.matchAll(/^ {2}"([^"]+)",$/gm)) {
    const [name, ...fields] = m[1].split(' ');
    if (fields.length === 1 && fields[0].startsWith('=[')) continue; // a Go slice type, no struct
    out.set(name, fields.map((f) => Number(/^[^=]+=(\d+):/.exec(f)[1])));
  }
  return out;
}

/** The git directory and package directory of a message's package: api.core.v1 → [api repo, 'core/v1']. */
function goPackageOf(pkg) {
  if (pkg.startsWith('api.')) return [goRepos.api, pkg.slice('api.'.length).replace(/\./g, '/')];
  if (pkg.startsWith('apimachinery.')) return [goRepos.apimachinery, pkg.slice('apimachinery.'.length).replace(/\./g, '/')];
  if (pkg.startsWith('apiextensions_apiserver.')) return [goRepos.apiextensions, pkg.slice('apiextensions_apiserver.'.length).replace(/\./g, '/')];
  throw new Error(`no Go repository for ${pkg}`);
}

function git(dir, argv) {
  try {
    return execFileSync('git', ['--git-dir', dir, ...argv], { encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
}

/** Go's name of a type expression of one file: local names get the package's name, aliases the imported package's. */
function renderType(expr, local, imports) {
  const m = /^(\*|\[\])(.*)$/.exec(expr);
  if (m) return m[1] + renderType(m[2], local, imports);
  if (expr.startsWith('map[')) {
    let depth = 0;
    for (let i = 3; i < expr.length; i++) {
      if (expr[i] === '[') depth++;
      else if (expr[i] === ']' && --depth === 0) return `map[${renderType(expr.slice(4, i), local, imports)}]${renderType(expr.slice(i + 1), local, imports)}`;
    }
    throw new Error(`cannot read Go type ${expr}`);
  }
  if (expr === 'byte') return 'uint8';
  const q = /^(\w+)\.(\w+)$/.exec(expr);
  if (q) {
    const pkg = imports.get(q[1]);
    if (!pkg) throw new Error(`unknown import ${q[1]} in ${expr}`);
    return `${pkg}.${q[2]}`;
  }
  if (/^(bool|string|int|int8|int16|int32|int64|uint|uint8|uint16|uint32|uint64|float32|float64)$/.test(expr)) return expr;
  if (/^\w+$/.test(expr)) return `${local}.${expr}`;
  throw new Error(`cannot read Go type ${expr}`);
}

/** One package at one ref: struct name → (protobuf number → Go type), and named slice/map types → underlying. */
const cache = new Map();
function goPackage(pkg, ref) {
  const key = `${pkg}@${ref}`;
  if (cache.has(key)) return cache.get(key);
  const [dir, path] = goPackageOf(pkg);
  const structs = new Map();
  const named = new Map();
  const list = git(dir, ['ls-tree', '--name-only', ref, path + '/']);
  for (const file of (list ?? '').split('\n').filter((n) => n.endsWith('.go') && !n.endsWith('_test.go'))) {
    const text = git(dir, ['show', `${ref}:${file}`]);
    const local = /^package\s+(\w+)/m.exec(text)[1];
    const imports = new Map();
    const block = /^import\s*\(([\s\S]*?)^\)/m.exec(text);
    const importLines = block ? block[1].split('\n') : [...text.matchAll(/^import\s+(.*)$/gm)].map((x) => x[1]);
    for (const line of importLines) {
      const im = /^\s*(?:(\w+)\s+)?"([^"]+)"/.exec(line);
      if (!im) continue;
      const name = im[2].split('/').pop();
      imports.set(im[1] ?? name, name);
    }
    for (const m of text.matchAll(/^type\s+(\w+)\s+((?:\[\]|map\[)[\w.*[\]]+)\s*$/gm)) named.set(`${local}.${m[1]}`, renderType(m[2], local, imports));
    for (const m of text.matchAll(/^type\s+(\w+)\s+struct\s*\{\n([\s\S]*?)^\}/gm)) {
      const fields = new Map();
      for (const line of m[2].split('\n')) {
        const tag = /`([^`]*)`/.exec(line);
        if (!tag || line.trim().startsWith('//')) continue;
        const proto = /protobuf:"\w+,(\d+),/.exec(tag[1]);
        if (!proto) continue;
        const decl = line.slice(0, tag.index).trim().split(/\s+/);
        fields.set(Number(proto[1]), renderType(decl.length === 1 ? decl[0] : decl[1], local, imports));
      }
      structs.set(m[1], fields);
    }
  }
  const out = { structs, named };
  cache.set(key, out);
  return out;
}

const warnings = [];
const lines = [];
const namedUsed = new Map();
/** Every named type a rendered type expression names, with the package it was read in. */
function noteNamed(type, pkg, ref) {
  for (const m of type.matchAll(/(\w+)\.(\w+)/g)) {
    const name = `${m[1]}.${m[2]}`;
    if (namedUsed.has(name)) continue;
    // A named slice or map type of the message's own package or of one it imports (by package name).
    for (const candidate of [pkg, ...[...cache.keys()].map((k) => k.split('@')[0])]) {
      const u = goPackage(candidate, ref).named.get(name);
      if (u !== undefined && candidate.endsWith(m[1])) {
        namedUsed.set(name, u);
        noteNamed(u, candidate, ref);
        break;
      }
    }
  }
}
for (const [name, numbers] of tableMessages()) {
  const pkg = name.replace(/\.\w+$/, '');
  const struct = name.slice(pkg.length + 1);
  const fields = [];
  for (const n of numbers) {
    let type;
    for (const ref of refs) {
      type = goPackage(pkg, ref).structs.get(struct)?.get(n);
      if (type !== undefined) {
        noteNamed(type, pkg, ref);
        break;
      }
    }
    if (type === undefined) warnings.push(`${name}: no Go field with protobuf number ${n}`);
    else fields.push(`${n}=${type}`);
  }
  lines.push(`${name} ${fields.join(' ')}`.trimEnd());
}
for (const [name, u] of [...namedUsed].sort(([a], [b]) => (a < b ? -1 : 1))) lines.push(`type ${name} ${u}`);

const file = `// Generated by tools/gen-go-field-types.mjs from the Go types of k8s.io/api, k8s.io/apimachinery and
// k8s.io/apiextensions-apiserver at ${refs[0]}${refs.length > 1 ? ` (what that release lacks: at ${refs.slice(1).join(', then ')})` : ''}; do not edit.
// The notation is described in the generator.

export const GO_FIELD_TYPE_LINES: readonly string[] = [
${lines.map((l) => '  ' + JSON.stringify(l) + ',').join('\n')}
];
`;
writeFileSync(resolve(repo, 'src', 'apiserver', 'go-field-types.generated.ts'), file);
for (const w of warnings) console.error('warning: ' + w);
console.log(`wrote src/apiserver/go-field-types.generated.ts: ${lines.length} lines`);
