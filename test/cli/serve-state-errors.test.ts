/**
 * `serve --state FILE` with a file that does not read as a state file: the error names the file
 * once, with the line and column and the key (`state.json:1:59: now: ...`), as every other input
 * error does, and the server does not start (exit 2). An --objects file without an object is
 * such an error too.
 */
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { describeError, SsaError } from '../../src/errors/ssa-error.js';
import { io } from '../server/serve-command.js';
import { runCli, scratchDir } from './run-io.js';

const { dir: folder, write } = scratchDir('ssa-sim-serve-state-errors-');
const head = '{"apiVersion": "ssa-sim.dev/v1", "kind": "ServerState",';

async function serveWith(name: string, text: string): Promise<{ file: string; stderr: string; code: number }> {
  const file = write(name, text);
  const r = await runCli(['serve', '--port', '0', '--state', file]);
  return { file, stderr: r.stderr, code: r.code };
}

describe('serve --state: a file that is not a state', () => {
  it('a now that is not an RFC 3339 time: at its value, with the key', async () => {
    const { file, stderr, code } = await serveWith('now.json', `${head}\n "now": "yesterday", "resourceVersion": 1, "uidCount": 0, "objects": []}\n`);
    expect([stderr, code]).toEqual([`ssa-sim serve: ${file}:2:9: now: "yesterday" is not an RFC 3339 time such as 2024-02-24T15:24:31Z\n`, 2]);
  });

  it('a count that is not a whole number', async () => {
    const { file, stderr, code } = await serveWith('count.json', `${head}\n "now": "2024-01-01T00:00:00Z", "resourceVersion": 1.5, "uidCount": 0, "objects": []}\n`);
    expect([stderr, code]).toEqual([`ssa-sim serve: ${file}:2:52: resourceVersion: must be a whole number\n`, 2]);
  });

  it('objects that are not a list, and an item that is not an object', async () => {
    const notList = await serveWith('objects.json', `${head}\n "now": "2024-01-01T00:00:00Z", "resourceVersion": 1, "uidCount": 0, "objects": {}}\n`);
    expect(notList.stderr).toBe(`ssa-sim serve: ${notList.file}:2:81: objects: must be a list\n`);
    const item = await serveWith('item.json', `${head}\n "now": "2024-01-01T00:00:00Z", "resourceVersion": 1, "uidCount": 0, "objects": [1]}\n`);
    expect(item.stderr).toBe(`ssa-sim serve: ${item.file}:2:82: objects[0]: must be an object\n`);
  });

  it('a document that is another kind: at the document', async () => {
    const { file, stderr } = await serveWith('kind.yaml', 'apiVersion: v1\nkind: ConfigMap\n');
    expect(stderr).toBe(`ssa-sim serve: ${file}:1:1: not an ssa-sim state file (apiVersion ssa-sim.dev/v1, kind ServerState)\n`);
  });
});

describe('serve --objects: a file without an object', () => {
  // Started with Promise.resolve() as its stop signal: a server that starts stops at once with 0.
  const start = (file: string) => serveCommand(['--port', '0', '--objects', file], io().cio, Promise.resolve());

  it.each([
    ['empty.yaml', ''],
    ['comments.yaml', '# kubectl get wrote nothing\n'],
    ['empty-list.yaml', 'apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n'],
  ])('%s is an input error, as for blame and explain, not a server started without them', async (name, text) => {
    const file = write(name, text);
    const err = await start(file).then(
      (code) => new Error(`started and stopped with ${code}`),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SsaError);
    expect(describeError(err as SsaError)).toBe(`${file}: no objects found: expected YAML or JSON objects`);
  });
});

describe('serve: a file flag that names a folder', () => {
  it.each(['--kubeconfig', '--record', '--state'])('%s names itself, not -o', async (flag) => {
    const dir = folder;
    const err = await serveCommand(['--port', '0', flag, dir], io().cio, Promise.resolve()).then(
      (code) => new Error(`started and stopped with ${code}`),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SsaError);
    const said = describeError(err as SsaError);
    // --state reads the file first when it exists: a folder is not a file to read.
    expect(said).toBe(flag === '--state' ? `${dir}: is a directory, expected a file` : `${dir}: cannot write ${dir}: it is a folder; ${flag} names a file`);
  });
});
