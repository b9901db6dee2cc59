/** The scenario library read from disk, keyed as the page's bundle keys it (`scenarios/...`). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LibraryFiles } from '../../src/web/scenario-library.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function libraryFromDisk(): LibraryFiles {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ya?ml|json)$/.test(name)) out.set(relative(repoRoot, p).split(sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(join(repoRoot, 'scenarios'));
  return out;
}

/** The API server's 409 for the EKS add-on, byte for byte as in the-eks-story.md §3. */
export const EKS_CONFLICT_409 = `Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:
- .spec.template.spec.containers[name="aws-node"].image
- .spec.template.spec.initContainers[name="aws-vpc-cni-init"].image`;

export const AWS_NODE_IMAGE_NEW = 'image: 602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.11.4-eksbuild.1';
export const AWS_NODE_INIT_IMAGE_NEW = 'image: 602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni-init:v1.11.4-eksbuild.1';
