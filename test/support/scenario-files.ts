import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every scenario file under `dir` (the schema, manifest and object folders excluded). */
export function scenarioFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return ['schemas', 'manifests', 'objects'].includes(name) ? [] : scenarioFiles(p);
    return /\.ya?ml$/.test(name) ? [p] : [];
  });
}
