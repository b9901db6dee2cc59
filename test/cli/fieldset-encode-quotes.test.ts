/**
 * `fieldset encode` reads paths as conflicts print them, key values quoted
 * (`[name="app"]`). A path whose key values are not quoted says how to write it, as explain does,
 * instead of only that it is not a field path.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

describe('fieldset encode: key values without quotes', () => {
  it('names the path as it reads', async () => {
    const r = await runCli(['fieldset', 'encode'], { stdin: '.spec.replicas\n.spec.containers[name=app].ports[containerPort=80,protocol=TCP].name\n' });
    expect([r.stdout, r.code]).toEqual(['', 2]);
    expect(r.stderr).toBe(
      'ssa-sim fieldset: <stdin>:2:1: expected a field path such as .spec.replicas or .spec.containers[name="app"].image, found ".spec.containers[name=app].ports[containerPort=80,protocol=TCP].name"; a key\'s text is quoted: .spec.containers[name="app"].ports[containerPort=80,protocol="TCP"].name\n',
    );
  });

  it('no hint when quoting does not make a path', async () => {
    const r = await runCli(['fieldset', 'encode'], { stdin: 'spec.x\n' });
    expect(r.stderr).toBe('ssa-sim fieldset: <stdin>:1:1: expected a field path such as .spec.replicas or .spec.containers[name="app"].image, found "spec.x"\n');
  });
});
