/**
 * Issue 10, observation 2: explain reads an index into a keyed list as the item's key (and says
 * so), and a path the object does not have is an error with "did you mean", exit 2.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const live = join(dirname(fileURLToPath(import.meta.url)), 'aws-node-live.yaml');
const now = ['--now', '2022-09-01T10:05:00Z'];

describe('explain PATH', () => {
  it('reads containers[0] as containers[name="aws-node"], says so, and finds the owner', async () => {
    const r = await runCli(['explain', live, '.spec.template.spec.containers[0].image', ...now]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('daemonset.apps/aws-node .spec.template.spec.containers[name="aws-node"].image');
    expect(lines[1]).toBe(
      '  read .spec.template.spec.containers[0].image as .spec.template.spec.containers[name="aws-node"].image: field paths name the items of a keyed list by their keys, not by position.',
    );
    expect(r.stdout).toContain('  owned by eks (Apply at apps/v1, since 2022-09-01T10:00:00Z, 5m ago)\n');
    expect(r.stdout).not.toContain('nobody owns it');
  });

  it('nested positions: env[0] inside containers[0]', async () => {
    const r = await runCli(['explain', live, '.spec.template.spec.containers[0].env[0].value', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('daemonset.apps/aws-node .spec.template.spec.containers[name="aws-node"].env[name="WARM_IP_TARGET"].value');
    expect(r.stdout).toContain('owned by kubectl-set (Update at apps/v1');
  });

  it('a misspelled field: exit 2 and did you mean', async () => {
    const r = await runCli(['explain', live, '.spec.template.spec.containers[name="aws-node"].imag', ...now]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `ssa-sim explain: ${live}:1:1: daemonset.apps/aws-node: .spec.template.spec.containers[name="aws-node"] has no field "imag"; did you mean .spec.template.spec.containers[name="aws-node"].image?\n`,
    );
  });

  it('a misspelled key: exit 2 and did you mean', async () => {
    const r = await runCli(['explain', live, '.spec.template.spec.containers[name="aws-nod"].image', ...now]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `ssa-sim explain: ${live}:1:1: daemonset.apps/aws-node: .spec.template.spec.containers has no item [name="aws-nod"]; did you mean .spec.template.spec.containers[name="aws-node"]?\n`,
    );
  });

  it('a key value the shell unquoted ([name=aws-node]): exit 2, and the path to write, quoted for the shell', async () => {
    // What a shell passes for .spec.template.spec.containers[name="aws-node"].image typed without single quotes.
    const r = await runCli(['explain', live, '.spec.template.spec.containers[name=aws-node].image', ...now]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `ssa-sim explain: ${live}:1:1: daemonset.apps/aws-node: cannot read "[name=aws-node].image" as a list item ([0], [name="x"] or [="x"]); a key's text is quoted, and the shell takes off double quotes that are not in single quotes: write '.spec.template.spec.containers[name="aws-node"].image'\n`,
    );
  });

  it('a position past the end: exit 2', async () => {
    const r = await runCli(['explain', live, '.spec.template.spec.containers[3].image', ...now]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('.spec.template.spec.containers has 1 item; there is no item [3]');
  });

  it('a field that is gone but still named by an entry is explained, not an error', async () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  managedFields:\n  - manager: m\n    operation: Apply\n    apiVersion: v1\n    fieldsType: FieldsV1\n    fieldsV1: {"f:data": {"f:gone": {}}}\ndata:\n  here: x\n';
    const r = await runCli(['explain', '-', '.data.gone', ...now], { stdin: text });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  not in the object (an entry still names it)\n');
  });
});
