/**
 * `ssa-sim preview` of a 2 MB captured DaemonSet with 50 managers (issue 16 item 7), as a whole
 * process on the bundled CLI: the live object and the manifest are generated (big-object.ts) into
 * a temporary folder. Reports the median and best wall time of several runs and the median peak
 * RSS, which the process writes when it exits.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bigObject } from './big-object.js';

const REPORT_RSS = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\nmaxRSS '+process.resourceUsage().maxRSS+'\\n'))`;

export function previewBigTimings(repo: string, runs = 5): { name: string; ms: number; rssMb: number }[] {
  const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-bench-'));
  try {
    const big = bigObject();
    const live = join(dir, 'live.yaml');
    const manifest = join(dir, 'manifest.yaml');
    writeFileSync(live, big.liveYaml);
    writeFileSync(manifest, big.manifestYaml);
    const bin = join(repo, 'dist', 'cli', 'ssa-sim.js');
    const args = ['--import', REPORT_RSS, bin, 'preview', '-f', manifest, '--live', live, '--field-manager', 'kubectl', '--force-conflicts', '--now', '2024-02-01T00:00:00Z'];
    const samples = Array.from({ length: runs }, () => {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
      const ms = performance.now() - t0;
      if (r.status !== 0) throw new Error(`preview of the 2 MB object failed: ${r.stderr}`);
      const rss = /maxRSS (\d+)/.exec(r.stderr);
      return { ms, rssMb: rss ? Number(rss[1]) / 1024 : NaN };
    });
    const byTime = [...samples].sort((a, b) => a.ms - b.ms);
    const byRss = [...samples].sort((a, b) => a.rssMb - b.rssMb);
    const median = byTime[runs >> 1];
    const sizeMb = (big.liveYaml.length / 1e6).toFixed(1);
    return [
      { name: `CLI/Preview${sizeMb}MB50Managers`, ms: median.ms, rssMb: byRss[runs >> 1].rssMb },
      { name: `CLI/Preview${sizeMb}MB50Managers/Best`, ms: byTime[0].ms, rssMb: byTime[0].rssMb },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
