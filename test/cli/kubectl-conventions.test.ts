/**
 * Flags and commands follow kubectl's conventions (checked against kubectl v1.32's own output):
 * pflag's error texts followed by "See '... --help' for usage.", `--flag=true|false` on boolean
 * flags with Go's boolean words, a flag's value taken whatever it looks like, and cobra's
 * "unknown command" with its suggestion.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closestWord } from '../../src/errors/closest-word.js';
import { runCli } from './run-io.js';

const see = (command: string): string => `See 'ssa-sim ${command} --help' for usage.\n`;

describe('flag errors in kubectl words', () => {
  it.each([
    [['preview', '--x'], 'Error: unknown flag: --x\n'],
    [['preview', '-x'], "Error: unknown shorthand flag: 'x' in -x\n"],
    [['preview', '-f'], "Error: flag needs an argument: 'f' in -f\n"],
    [['preview', '--live'], 'Error: flag needs an argument: --live\n'],
    [['preview', '--force-conflicts=maybe'], 'Error: invalid argument "maybe" for "--force-conflicts" flag: strconv.ParseBool: parsing "maybe": invalid syntax\n'],
    [['blame', '--nope', 'x.yaml'], 'Error: unknown flag: --nope\n'],
  ])('%j', async (args, first) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(first + see(args[0]));
  });
});

describe('boolean flags take Go booleans after "="', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-flags-'));
  const manifest = join(dir, 'm.yaml');
  const live = join(dir, 'live.yaml');
  writeFileSync(manifest, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\ndata:\n  a: "2"\n');
  writeFileSync(
    live,
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\n  managedFields:\n  - apiVersion: v1\n    fieldsType: FieldsV1\n    fieldsV1:\n      f:data:\n        f:a: {}\n    manager: helm\n    operation: Apply\n    time: "2022-08-23T09:00:00Z"\ndata:\n  a: "1"\n',
  );
  const preview = (...flags: string[]) => runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks', '--now', '2022-09-01T00:00:00Z', ...flags]);

  it('--force-conflicts=false is no force: the conflict stands', async () => {
    const r = await preview('--force-conflicts=false');
    expect(r.code).toBe(1);
    expect(r.stderr + r.stdout).toContain('conflict with "helm"');
  });

  it('a later --flag=false undoes an earlier --flag, as in kubectl', async () => {
    expect((await preview('--force-conflicts', '--force-conflicts=false')).code).toBe(1);
  });

  it.each(['true', 'True', 'TRUE', 't', 'T', '1'])('--force-conflicts=%s forces', async (word) => {
    expect((await preview(`--force-conflicts=${word}`)).code).toBe(0);
  });

  it('a string flag takes the next argument even when it starts with "-"', async () => {
    const r = await runCli(['preview', '-f', '-o', '--live', live]);
    // "-o" is the manifest file name here, as pflag reads it; it does not exist.
    expect(r.stderr).toBe('ssa-sim preview: the path "-o" does not exist\n');
  });
});

describe('unknown commands', () => {
  it('say so as kubectl does, with the nearest command', async () => {
    const r = await runCli(['preveiw']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('Error: unknown command "preveiw" for "ssa-sim"\n\nDid you mean this?\n\tpreview\n\nRun \'ssa-sim --help\' for usage.\n');
  });
  it('and without a suggestion when none is near', async () => {
    const r = await runCli(['frobnicate']);
    expect(r.stderr).toBe('Error: unknown command "frobnicate" for "ssa-sim"\nRun \'ssa-sim --help\' for usage.\n');
  });
});

describe('closestWord', () => {
  it('suggests within one edit per three letters, ignoring case', () => {
    expect(closestWord('forse', ['force', 'fieldManager'])).toBe('force');
    expect(closestWord('NAMESPCE', ['namespace', 'name'])).toBe('namespace');
    expect(closestWord('xyz', ['force'])).toBeUndefined();
  });
});
