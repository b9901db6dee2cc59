#!/usr/bin/env node
/**
 * Generates src/apiserver/protobuf-messages.generated.ts: the protobuf messages of every built-in kind
 * (src/schema/builtin/kinds.ts), of its List, of the request kinds of create-only endpoints (src/apiserver/request-kinds.ts), of meta.v1.Status, and of every message they reach,
 * in our own compact notation (read by src/apiserver/protobuf-messages.ts).
 *
 * Field numbers and protobuf types come from the `generated.proto` files of the Kubernetes API
 * (../shared/reference/proto/). What the .proto files do not say comes from the Go types those
 * files were generated from (the `json` and `protobuf` struct tags of k8s.io/api and
 * k8s.io/apimachinery): each field's JSON name, whether its Go struct is embedded inline into its
 * parent's JSON (`VolumeSource` in `Volume`), whether a scalar is a pointer (a zero it carries is
 * a value: `replicas: 0`) or a value that Go's JSON encoder always writes (no `omitempty`), and
 * which messages stand for a Go slice (`ExtraValue []string`: an array in JSON).
 *
 * Run after `npm run build`, with git directories (or checkouts) of kubernetes/api,
 * kubernetes/apimachinery and kubernetes/apiextensions-apiserver; `--ref REF` reads the git
 * directories at the release of the .proto files (default HEAD):
 *   npm run build && node tools/gen-proto-tables.mjs --api DIR --apimachinery DIR --apiextensions DIR --ref v0.36.3 --json-ref v0.32.0
 *
 * CustomResourceDefinition's messages are not in the reference: they are read from
 * `pkg/apis/apiextensions/v1/generated.proto` of --apiextensions at --ref (the reference's release),
 * with the Go types beside it, and never written anywhere but into the tables.
 *
 * Kinds newer than the reference's .proto files: give the upstream `generated.proto` of their
 * group/version with `--proto FILE` (repeatable; a file in a temporary place, never committed)
 * and say where it came from with `--proto-source TEXT` (written into the tables' header). Its
 * messages are added where the reference has no message of that name; a message both have keeps
 * the reference's fields (a warning says when they differ). `--proto-ref REF` names the commit of
 * --api's git directory the files came from: the Go types of their messages are read there.
 *
 * Line format: `NAME FIELD FIELD ...` (NAME without the `k8s.io.` prefix); a FIELD is
 * `json=number:type` followed by flags: `?` a pointer (absent when nil; a zero scalar it carries
 * is kept), `!` a
 * scalar, slice, map or pointer Go always writes (no `omitempty`: a missing scalar reads as its
 * zero, a missing slice, map or pointer as null), `^` a message inlined into its
 * parent, `~` a message Go omits when zero (`omitzero`), `*` a field the API's OpenAPI lists
 * as required (kube-openapi's rule: a `+required` comment tag, or neither `+optional` nor
 * `omitempty`). Types: `s` string, `b` bool, `i32`,
 * `i64`, `d` double, `y` bytes, `@NAME` a message; `[T]` repeated; `{K:V}` a map. A line `NAME =[T]` is a
 * message standing for a Go slice of T (its one field `items = 1`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolArgs } from './tool-args.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const protoRoot = resolve(repo, '..', 'shared', 'reference', 'proto');
const { BUILTIN_KINDS } = await import(resolve(repo, 'dist', 'src', 'schema', 'builtin', 'kinds.js'));
const { messageNameOf } = await import(resolve(repo, 'dist', 'src', 'apiserver', 'protobuf-messages.js'));
const { REQUEST_KINDS } = await import(resolve(repo, 'dist', 'src', 'apiserver', 'request-kinds.js'));

const USAGE = 'usage: node tools/gen-proto-tables.mjs --api DIR --apimachinery DIR --apiextensions DIR [--ref REF] [--json-ref REF] [--proto FILE... --proto-source TEXT --proto-ref REF]';
const { values: args, value: arg } = toolArgs(USAGE);
const goRepos = { 'k8s.io/api': arg('--api'), 'k8s.io/apimachinery': arg('--apimachinery'), 'k8s.io/apiextensions-apiserver': arg('--apiextensions') };
/** The .proto file of CustomResourceDefinition's group, in --apiextensions. */
const APIEXTENSIONS_PROTO = 'pkg/apis/apiextensions/v1/generated.proto';
const extraProtos = args('--proto');
const extraSource = extraProtos.length > 0 ? arg('--proto-source') : undefined;
const optional = (name, fallback) => (args(name).length > 0 ? arg(name) : fallback);
const goRef = optional('--ref', 'HEAD');
const extraRef = extraProtos.length > 0 ? optional('--proto-ref', goRef) : goRef;
/**
 * The release the API server models (`--json-ref v0.32.0`): how Go's JSON encoder treats a field
 * (`omitempty`, `omitzero`) is read there when its struct has that field (by protobuf number), so
 * the JSON flags are the modelled server's (1.32 writes `creationTimestamp: null`; 1.35 added
 * `omitzero`); fields and kinds newer than it keep --ref's.
 */
const jsonRef = args('--json-ref').length > 0 ? arg('--json-ref') : undefined;

// --- the .proto files ---------------------------------------------------------------------------

/**
 * Every message of every .proto file of the reference, then of the --proto files where the
 * reference has none of that name: full name → { pkg, file, fields: [{label, type, name, number, key?, value?}] }.
 */
function readProtos() {
  const messages = new Map();
  const walk = (dir) => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith('.proto')) readProto(p, messages);
    }
  };
  const readProto = (file, into) => readProtoText(file, readFileSync(file, 'utf8'), into);
  const readProtoText = (file, source, into) => {
    const text = source.replace(/\/\/[^\n]*/g, '');
    const pkg = /^package\s+([\w.]+);/m.exec(text)[1];
    const re = /message\s+(\w+)\s*\{([^}]*)\}/g;
    for (let m; (m = re.exec(text)); ) {
      const fields = [];
      for (const line of m[2].split(';').map((l) => l.trim()).filter(Boolean)) {
        let f = /^map<\s*([\w.]+)\s*,\s*([\w.]+)\s*>\s+(\w+)\s*=\s*(\d+)$/.exec(line);
        if (f) {
          fields.push({ label: 'map', key: f[1], value: f[2], name: f[3], number: Number(f[4]) });
          continue;
        }
        f = /^(optional|repeated|required)\s+([\w.]+)\s+(\w+)\s*=\s*(\d+)$/.exec(line);
        if (!f) throw new Error(`${file}: message ${m[1]}: cannot read ${JSON.stringify(line)}`);
        fields.push({ label: f[1], type: f[2], name: f[3], number: Number(f[4]) });
      }
      into.set(`${pkg}.${m[1]}`, { pkg, file, fields });
    }
  };
  walk(protoRoot);
  readProtoText(APIEXTENSIONS_PROTO, repoFile(goRepos['k8s.io/apiextensions-apiserver'], APIEXTENSIONS_PROTO, goRef), messages);
  for (const file of extraProtos) {
    const extra = new Map();
    readProto(file, extra);
    for (const [name, msg] of extra) {
      const known = messages.get(name);
      if (!known) {
        messages.set(name, { ...msg, extra: true });
        addedFrom.set(name, file);
      } else if (JSON.stringify(known.fields) !== JSON.stringify(msg.fields)) {
        warnings.push(`${name}: ${file} has other fields than the reference; the reference's are kept`);
      }
    }
  }
  return messages;
}
/** Messages read from --proto files: full name → file. */
const addedFrom = new Map();

// --- the Go types -------------------------------------------------------------------------------

/** The Go package directory of a proto package: k8s.io.api.apps.v1 → [repo dir, 'apps/v1']. */
function goPackageOf(pkg) {
  if (pkg.startsWith('k8s.io.api.')) return [goRepos['k8s.io/api'], pkg.slice('k8s.io.api.'.length).replace(/\./g, '/')];
  if (pkg.startsWith('k8s.io.apimachinery.')) return [goRepos['k8s.io/apimachinery'], pkg.slice('k8s.io.apimachinery.'.length).replace(/\./g, '/')];
  if (pkg.startsWith('k8s.io.apiextensions_apiserver.')) return [goRepos['k8s.io/apiextensions-apiserver'], pkg.slice('k8s.io.apiextensions_apiserver.'.length).replace(/\./g, '/')];
  throw new Error(`no Go repository for proto package ${pkg}`);
}

function isGitDir(dir) {
  return existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects'));
}

/** One file of a git directory at `ref`, or of a checkout (HEAD only). */
function repoFile(dir, path, ref) {
  if (isGitDir(dir)) return execFileSync('git', ['--git-dir', dir, 'show', `${ref}:${path}`], { encoding: 'utf8', maxBuffer: 256 << 20 });
  if (ref !== 'HEAD') throw new Error(`${dir}: --ref needs a git directory`);
  return readFileSync(join(dir, path), 'utf8');
}

function goFiles(dir, path, ref) {
  if (isGitDir(dir)) {
    const names = execFileSync('git', ['--git-dir', dir, 'ls-tree', '--name-only', ref, path + '/'], { encoding: 'utf8' }).split('\n').filter((n) => n.endsWith('.go') && !n.endsWith('_test.go'));
    return names.map((n) => execFileSync('git', ['--git-dir', dir, 'show', `${ref}:${n}`], { encoding: 'utf8', maxBuffer: 256 << 20 }));
  }
  if (ref !== 'HEAD') throw new Error(`${dir}: --ref and --proto-ref need a git directory`);
  const d = join(dir, path);
  return readdirSync(d).filter((n) => n.endsWith('.go') && !n.endsWith('_test.go')).map((n) => readFileSync(join(d, n), 'utf8'));
}

/** Go struct fields with a protobuf tag, and slice type declarations, of one package. */
const goCache = new Map();
function goPackage(pkg, ref) {
  const key = `${pkg}@${ref}`;
  if (goCache.has(key)) return goCache.get(key);
  const [dir, path] = goPackageOf(pkg);
  const structs = new Map();
  const slices = new Set();
  for (const text of goFiles(dir, path, ref)) {
    for (const m of text.matchAll(/^type\s+(\w+)\s+\[\](?!byte)[\w.*]+\s*$/gm)) slices.add(m[1]);
    for (const m of text.matchAll(/^type\s+(\w+)\s+struct\s*\{\n([\s\S]*?)^\}/gm)) {
      const fields = new Map();
      // The comment tags (`+optional`, `+required`) of the doc comment right above a field.
      let comment = [];
      for (const line of m[2].split('\n')) {
        const trimmed = line.trim();
        if (trimmed.startsWith('//')) {
          comment.push(trimmed.replace(/^\/\/\s*/, ''));
          continue;
        }
        const tags = new Set(comment.filter((c) => c.startsWith('+')).map((c) => c.slice(1).split('=')[0].trim()));
        comment = [];
        const tag = /`([^`]*)`/.exec(line);
        if (!tag) continue;
        const proto = /protobuf:"(\w+),(\d+),(\w+)(?:,name=(\w+))?/.exec(tag[1]);
        if (!proto) continue;
        const json = /json:"([^"]*)"/.exec(tag[1]);
        const [jsonName, ...opts] = (json ? json[1] : '').split(',');
        const decl = line.slice(0, tag.index).trim().split(/\s+/);
        const embedded = decl.length === 1;
        const goType = embedded ? decl[0] : decl[1];
        fields.set(Number(proto[2]), {
          jsonName,
          inline: embedded && jsonName === '',
          omitempty: opts.includes('omitempty'),
          omitzero: opts.includes('omitzero'),
          pointer: goType.startsWith('*'),
          required: tags.has('required') || (!tags.has('optional') && !opts.includes('omitempty')),
        });
      }
      structs.set(m[1], fields);
    }
  }
  const out = { structs, slices };
  goCache.set(key, out);
  return out;
}

// --- the tables ---------------------------------------------------------------------------------

const warnings = [];
const messages = readProtos();
const SCALARS = { string: 's', bool: 'b', int32: 'i32', int64: 'i64', double: 'd', bytes: 'y' };
/** Messages the codec reads and writes by hand (their JSON is a scalar or free-form). */
const SPECIAL = new Set([
  'k8s.io.apimachinery.pkg.apis.meta.v1.Time',
  'k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime',
  'k8s.io.apimachinery.pkg.apis.meta.v1.Duration',
  'k8s.io.apimachinery.pkg.apis.meta.v1.FieldsV1',
  'k8s.io.apimachinery.pkg.util.intstr.IntOrString',
  'k8s.io.apimachinery.pkg.api.resource.Quantity',
  'k8s.io.apimachinery.pkg.runtime.RawExtension',
  // CustomResourceDefinition's free-form JSON and its schema-or-something unions (their Go types
  // have MarshalJSON methods of their own).
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSON',
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrArray',
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrBool',
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrStringArray',
]);

function resolveType(type, pkg) {
  if (SCALARS[type]) return { scalar: SCALARS[type] };
  const full = type.startsWith('.') ? type.slice(1) : `${pkg}.${type}`;
  if (!messages.has(full)) throw new Error(`unknown protobuf type ${type} in ${pkg}`);
  return { message: full };
}

const short = (full) => full.replace(/^k8s\.io\./, '');
const lines = new Map();
const queue = [];
const want = (full) => {
  if (!lines.has(full) && !queue.includes(full)) queue.push(full);
};

for (const k of BUILTIN_KINDS) {
  const full = messageNameOf(k.typeName);
  if (!messages.has(full)) {
    warnings.push(`${k.apiVersion} ${k.kind}: no protobuf message ${full} (served as JSON and YAML only)`);
    continue;
  }
  want(full);
  if (messages.has(full + 'List')) want(full + 'List');
}
// The bodies of the create-only endpoints (reviews, serviceaccounts/token), which store nothing.
for (const k of REQUEST_KINDS) want(messageNameOf(k.typeName));
want('k8s.io.apimachinery.pkg.apis.meta.v1.Status');
// The metadata-only answers (`Accept: ...;as=PartialObjectMetadata[List];g=meta.k8s.io;v=v1|v1beta1`).
want('k8s.io.apimachinery.pkg.apis.meta.v1.PartialObjectMetadata');
want('k8s.io.apimachinery.pkg.apis.meta.v1.PartialObjectMetadataList');
want('k8s.io.apimachinery.pkg.apis.meta.v1beta1.PartialObjectMetadataList');

while (queue.length > 0) {
  const full = queue.shift();
  if (SPECIAL.has(full)) {
    lines.set(full, null);
    continue;
  }
  const msg = messages.get(full);
  const name = full.slice(msg.pkg.length + 1);
  const go = goPackage(msg.pkg, msg.extra ? extraRef : goRef);
  const modelled = jsonRef === undefined ? undefined : goPackage(msg.pkg, jsonRef).structs.get(name);
  if (go.slices.has(name)) {
    const only = msg.fields[0];
    if (msg.fields.length !== 1 || only.number !== 1 || only.label !== 'repeated') throw new Error(`${full}: a Go slice, but not one repeated field`);
    const t = resolveType(only.type, msg.pkg);
    if (t.message) want(t.message);
    lines.set(full, `${short(full)} =[${t.scalar ?? '@' + short(t.message)}]`);
    continue;
  }
  const goFields = go.structs.get(name);
  if (!goFields) warnings.push(`${full}: no Go struct ${name}; JSON names are the protobuf names`);
  const fields = [];
  for (const f of msg.fields) {
    const g0 = goFields?.get(f.number);
    const m = modelled?.get(f.number);
    const g = g0 && m ? { ...g0, omitempty: m.omitempty, omitzero: m.omitzero } : g0;
    if (goFields && !g) warnings.push(`${full}.${f.name}: no Go field with protobuf number ${f.number}`);
    const jsonName = g ? (g.inline ? f.name : g.jsonName || f.name) : f.name;
    let type;
    if (f.label === 'map') {
      const v = resolveType(f.value, msg.pkg);
      if (v.message) want(v.message);
      type = `{${SCALARS[f.key]}:${v.scalar ?? '@' + short(v.message)}}`;
    } else {
      const t = resolveType(f.type, msg.pkg);
      if (t.message) want(t.message);
      const base = t.scalar ?? '@' + short(t.message);
      type = f.label === 'repeated' ? `[${base}]` : base;
    }
    let flags = '';
    const scalar = f.label !== 'map' && f.label !== 'repeated' && SCALARS[f.type] !== undefined;
    if (g && f.label === 'optional' && g.pointer) flags += '?';
    // A scalar Go always writes reads as its zero when absent; a slice or map, as null; and so
    // does a pointer (a struct's too) written without omitempty: Go writes its nil as null.
    const collection = f.label === 'map' || f.label === 'repeated';
    if (g && (scalar || collection || g.pointer) && !g.inline && !g.omitempty && !g.omitzero && f.type !== 'bytes') flags += '!';
    if (g?.inline) flags += '^';
    if (g && !scalar && g.omitzero) flags += '~';
    if (g?.required && !g.inline && jsonName !== '-') flags += '*';
    fields.push(`${jsonName}=${f.number}:${type}${flags}`);
  }
  lines.set(full, `${short(full)} ${fields.join(' ')}`.trimEnd());
}

const out = [...lines.entries()].filter(([, l]) => l !== null).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, l]) => l);
const kinds = BUILTIN_KINDS.filter((k) => messages.has(messageNameOf(k.typeName))).length;
const used = [...lines.keys()].filter((n) => lines.get(n) !== null && addedFrom.has(n)).sort();
const extraNote = used.length === 0
  ? ''
  : `// ${used.length} messages are not in ../shared/reference/proto; their field numbers and types come from
// ${extraSource}, and the Go types of its messages from there (at ${extraRef}):
${[...new Set(used.map((n) => n.replace(/\.\w+$/, '')))].map((pkg) => `//   ${short(pkg)}: ${used.filter((n) => n.startsWith(pkg + '.') && !n.slice(pkg.length + 1).includes('.')).map((n) => n.slice(pkg.length + 1)).join(', ')}`).join('\n')}
`;
const file = `// Generated by tools/gen-proto-tables.mjs from ../shared/reference/proto and the Go types of
// k8s.io/api and k8s.io/apimachinery (at ${goRef}), and from ${APIEXTENSIONS_PROTO} and the Go
// types of k8s.io/apiextensions-apiserver (at ${goRef}); do not edit. The notation is described in the generator.${jsonRef === undefined ? '' : `
// omitempty and omitzero as the modelled release's Go types have them (at ${jsonRef}) where they have the field.`}
// ${out.length} messages for ${kinds} built-in kinds.
${extraNote}
export const PROTO_MESSAGE_LINES: readonly string[] = [
${out.map((l) => '  ' + JSON.stringify(l) + ',').join('\n')}
];
`;
writeFileSync(resolve(repo, 'src', 'apiserver', 'protobuf-messages.generated.ts'), file);
for (const w of warnings) console.error('warning: ' + w);
console.log(`wrote src/apiserver/protobuf-messages.generated.ts: ${out.length} messages for ${kinds} of ${BUILTIN_KINDS.length} built-in kinds`);
