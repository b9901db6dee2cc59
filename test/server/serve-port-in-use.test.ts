/**
 * `ssa-sim serve` on a port another server holds (a second serve, a local cluster on 6443): an
 * input error that says so, exit 2. It ended in "internal error: listen EADDRINUSE: ...", exit 70.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-io.js';
import { serving } from './serve-command.js';

describe('ssa-sim serve: the port is taken', () => {
  it('says the address is in use and how to get a free port', async () => {
    const first = await serving([]);
    try {
      const port = new URL(first.url).port;
      const r = await runCli(['serve', '--port', port]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`ssa-sim serve: cannot listen on 127.0.0.1:${port}: the address is already in use (another server listens there; --port 0 picks a free port)\n`);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  });
});
