/**
 * Vitest's global set-up: every test run gets one temporary directory of its own, made the
 * parent of whatever the tests (and the processes they start) create with `os.tmpdir()`, and
 * removed when the run ends, passed or failed. Without it, each run of the suite left a few
 * thousand `ssa-sim-*` directories behind in the machine's /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'ssa-sim-test-run-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(root, { recursive: true, force: true });
  };
}
