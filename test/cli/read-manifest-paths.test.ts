/**
 * `-f` as kubectl reads it: files, directories (.json/.yaml/.yml only, lexical order), -R,
 * globs, comma-separated values, standard input, and kubectl's error texts naming the path.
 * test/server/kubectl-filenames.test.ts checks the same order and texts against real kubectl.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CommandIO } from '../../src/cli/io.js';
import { filenamesOf, globPaths, readManifestObjects, readManifestPaths, splitFilenameValue } from '../../src/cli/read-manifest-paths.js';
import { runCli } from './run-io.js';

const cm = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: default\ndata:\n  a: "1"\n`;

/** A tree: d/{b.yaml, a.yml, c.json, notes.txt, .hidden.yaml, B.YAML, sub/{z.yaml, deeper/y.yaml}} */
function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'ssa-sim-paths-'));
  const d = join(root, 'd');
  mkdirSync(join(d, 'sub', 'deeper'), { recursive: true });
  writeFileSync(join(d, 'b.yaml'), cm('b'));
  writeFileSync(join(d, 'a.yml'), cm('a'));
  writeFileSync(join(d, 'c.json'), JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' } }));
  writeFileSync(join(d, 'notes.txt'), 'not a manifest');
  writeFileSync(join(d, '.hidden.yaml'), cm('hidden'));
  writeFileSync(join(d, 'B.YAML'), 'not read: extensions are case-sensitive');
  writeFileSync(join(d, 'sub', 'z.yaml'), cm('zed'));
  writeFileSync(join(d, 'sub', 'deeper', 'y.yaml'), cm('deep'));
  mkdirSync(join(root, 'empty'));
  return root;
}

const io = (stdin = ''): CommandIO => ({ stdin: Readable.from([Buffer.from(stdin)]), write: () => {}, writeError: () => {}, env: {}, isTTY: false });
const names = async (root: string, values: string[], recursive = false) => (await readManifestPaths(values, recursive, io())).map((f) => f.name.slice(root.length + 1));

describe('-f PATH', () => {
  const root = tree();
  const d = join(root, 'd');

  it('a directory: its .json/.yaml/.yml files in byte order, no subdirectories', async () => {
    expect(await names(root, [d])).toEqual(['d/.hidden.yaml', 'd/a.yml', 'd/b.yaml', 'd/c.json']);
  });
  it('-R: subdirectories too, depth first as filepath.Walk visits them', async () => {
    expect(await names(root, [d], true)).toEqual(['d/.hidden.yaml', 'd/a.yml', 'd/b.yaml', 'd/c.json', 'd/sub/deeper/y.yaml', 'd/sub/z.yaml']);
  });
  it('a file named explicitly is read whatever its extension', async () => {
    expect(await names(root, [join(d, 'notes.txt')])).toEqual(['d/notes.txt']);
  });
  it('several -f values, and comma-separated ones, keep their order', async () => {
    expect(await names(root, filenamesOf([`${join(d, 'c.json')},${join(d, 'a.yml')}`, join(d, 'sub')]))).toEqual(['d/c.json', 'd/a.yml', 'd/sub/z.yaml']);
  });
  it('a path that does not exist is a glob pattern', async () => {
    expect(await names(root, [join(d, '*.y*ml')])).toEqual(['d/.hidden.yaml', 'd/a.yml', 'd/b.yaml']);
    expect(await names(root, [join(root, '*', '[a-b].y*ml')])).toEqual(['d/a.yml', 'd/b.yaml']);
  });
  it('a symbolic link given as the root is followed', async () => {
    const link = join(root, 'link');
    symlinkSync(d, link);
    expect(await names(root, [link])).toEqual(['link/.hidden.yaml', 'link/a.yml', 'link/b.yaml', 'link/c.json']);
  });
  it('- is standard input, named STDIN in kubectl messages', async () => {
    const files = await readManifestPaths(['-'], false, io(cm('s')));
    expect(files).toEqual([{ name: '<stdin>', kubectlSource: 'STDIN', text: cm('s') }]);
  });
  it('every object of every file, each naming its file', async () => {
    const { manifests } = await readManifestObjects([d], true, io());
    expect(manifests.map((m) => `${m.source.file?.slice(root.length + 1)}:${m.source.line}`)).toEqual([
      'd/.hidden.yaml:1',
      'd/a.yml:1',
      'd/b.yaml:1',
      'd/c.json:1',
      'd/sub/deeper/y.yaml:1',
      'd/sub/z.yaml:1',
    ]);
  });

  it.each([
    [['nope.yaml'], 'the path "nope.yaml" does not exist'],
    [['nope/*.yaml'], 'the path "nope/*.yaml" does not exist'],
    [['x['], 'pattern "x[" is not valid: syntax error in pattern'],
    [['[]x'], 'pattern "[]x" is not valid: syntax error in pattern'],
  ])('%j: kubectl error', async (values, message) => {
    await expect(readManifestPaths(values, false, io())).rejects.toThrow(message);
  });
  it('an empty directory: kubectl names the recognized extensions', async () => {
    const e = join(root, 'empty');
    await expect(readManifestPaths([e], false, io())).rejects.toThrow(`error reading [${e}]: recognized file extensions are [.json .yaml .yml]`);
    // ...but not once something was found before it
    expect(await names(root, [join(d, 'a.yml'), e])).toEqual(['d/a.yml']);
  });
  it('every problem is reported, one a line', async () => {
    await expect(readManifestPaths([join(root, 'empty'), 'gone.yaml'], false, io())).rejects.toThrow(
      `error reading [${join(root, 'empty')}]: recognized file extensions are [.json .yaml .yml]\nthe path "gone.yaml" does not exist`,
    );
  });
});

describe('pflag string slices and Go globs', () => {
  it('splits a value as one CSV record', () => {
    expect(splitFilenameValue('a.yaml,b.yaml')).toEqual(['a.yaml', 'b.yaml']);
    expect(splitFilenameValue('"a,b.yaml",c')).toEqual(['a,b.yaml', 'c']);
    expect(splitFilenameValue('')).toEqual([]);
  });
  it('matches with Go rules: * and ? stop at /, classes, escapes', () => {
    const root = tree();
    expect(globPaths(join(root, 'd', '\\a.yml'))).toEqual([join(root, 'd', 'a.yml')]);
    expect(globPaths(join(root, 'd', '[^ab]*'))).toEqual([join(root, 'd', '.hidden.yaml'), join(root, 'd', 'B.YAML'), join(root, 'd', 'c.json'), join(root, 'd', 'notes.txt'), join(root, 'd', 'sub')]);
    expect(globPaths(join(root, '*.yaml'))).toEqual([]);
  });
});

describe('commands take directories and -R', () => {
  it('preview -f DIR -R reads every manifest, in kubectl order', async () => {
    const root = tree();
    const live = join(root, 'live.yaml');
    writeFileSync(live, '');
    const r = await runCli(['preview', '-f', join(root, 'd'), '-R', '--live', live, '--now', '2024-01-01T00:00:00Z']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.endsWith(' created'))).toEqual(['configmap/hidden created', 'configmap/a created', 'configmap/b created', 'configmap/c created', 'configmap/deep created', 'configmap/zed created']);
  });
  it('a missing path is an error naming it (exit 2)', async () => {
    const r = await runCli(['preview', '-f', 'no/such/dir', '--live', '-']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ssa-sim preview: the path "no/such/dir" does not exist\n');
  });
});
