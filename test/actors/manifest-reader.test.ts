/**
 * Manifest text read once per run: a scenario run gives its actors a reader that remembers each
 * text (the add-on's manifest comes again at every add-on step), and what the actors do with the
 * remembered objects is what they do with objects read afresh.
 */
import { describe, expect, it } from 'vitest';
import { eksCreateAddon, eksUpdateAddon, kubectlApply, rememberingReader, vpcCniManifest } from '../../src/actors/index.js';
import type { ObjectReader } from '../../src/actors/actor.js';
import { readObjects } from '../../src/manifest/read-manifests.js';
import { SsaError } from '../../src/errors/ssa-error.js';
import { newCluster } from './support.js';

/** A reader that counts the texts it is asked for and the ones it hands to `read`. */
function counted(read: ObjectReader): { read: ObjectReader; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    read: (text, file) => {
      asked.push(text);
      return read(text, file);
    },
  };
}

describe('rememberingReader', () => {
  const text = vpcCniManifest({ version: 'v1.11.4-eksbuild.1' });

  it('reads a text once: the same objects come back, equal to a fresh reading', () => {
    const read = rememberingReader();
    const first = read(text, 'vpc-cni.yaml');
    const again = read(text, 'other-name.yaml');
    expect(first).toEqual(readObjects(text, { file: 'vpc-cni.yaml' }));
    expect(again).toEqual(first);
    again.forEach((o, i) => expect(o).toBe(first[i]));
    // Each caller gets its own list: changing it does not change what the next one gets.
    again.pop();
    expect(read(text, 'vpc-cni.yaml')).toHaveLength(first.length);
  });

  it('a text that fails is read again, and its error names the file it is read under', () => {
    const read = rememberingReader();
    const bad = 'apiVersion: v1\nkind: [ConfigMap\n';
    const error = (file: string) => {
      try {
        read(bad, file);
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const a = error('a.yaml');
    const b = error('b.yaml');
    expect(a).toBeInstanceOf(SsaError);
    expect(b).toBeInstanceOf(SsaError);
    expect((a as SsaError).source?.file).toBe('a.yaml');
    expect((b as SsaError).source?.file).toBe('b.yaml');
  });
});

describe('actors read manifest text through the reader they are given', () => {
  it('the add-on manager and kubectl apply: the same outcome as reading afresh, each text read once', () => {
    const old = vpcCniManifest({ version: 'v1.10.1-eksbuild.1' });
    const now = '2022-09-01T10:00:00Z';
    const run = (readObjects?: ObjectReader) => {
      const boot = kubectlApply(newCluster(), { manifests: old, now, ...(readObjects ? { readObjects } : {}) });
      const create = eksCreateAddon(boot.state, { addonVersion: 'v1.11.4-eksbuild.1', resolveConflicts: 'OVERWRITE', now, ...(readObjects ? { readObjects } : {}) });
      const update = eksUpdateAddon(create.state, { addonVersion: 'v1.11.4-eksbuild.1', now, ...(readObjects ? { readObjects } : {}) });
      return [boot, create, update];
    };
    const remembering = rememberingReader();
    const count = counted(remembering);
    const fresh = counted((text, file) => readObjects(text, { file }));
    const withMemory = run(count.read);
    const afresh = run(fresh.read);
    expect(withMemory).toEqual(afresh);
    expect(withMemory.map((o) => [...o.state.objects.values()])).toEqual(run().map((o) => [...o.state.objects.values()]));
    // Three readings asked for, two texts: the second add-on step reads nothing new.
    expect(count.asked).toHaveLength(3);
    expect(new Set(count.asked).size).toBe(2);
  });
});
