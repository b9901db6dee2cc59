/**
 * What `/version` answers. kubectl's version check (and the packaged kubectl dispatcher, which
 * picks its minor version from it) reads `major`, `minor` and `gitVersion`; the rest are the
 * fields a real server sends, saying plainly that this is ssa-sim.
 */
export interface VersionInfo {
  readonly major: string;
  readonly minor: string;
  readonly gitVersion: string;
  readonly gitCommit: string;
  readonly gitTreeState: string;
  readonly buildDate: string;
  readonly goVersion: string;
  readonly compiler: string;
  readonly platform: string;
}

import { KUBERNETES_RELEASE } from '../apiserver/kubernetes-release.js';

/** The Kubernetes version whose behaviour the API server models. */
export const SERVED_KUBERNETES_VERSION = { major: KUBERNETES_RELEASE.split('.')[0], minor: KUBERNETES_RELEASE.split('.')[1], patch: '0' };

export function versionInfo(): VersionInfo {
  const v = SERVED_KUBERNETES_VERSION;
  return {
    major: v.major,
    minor: v.minor,
    gitVersion: `v${v.major}.${v.minor}.${v.patch}+ssa-sim`,
    gitCommit: '',
    gitTreeState: '',
    buildDate: '',
    goVersion: '',
    compiler: 'ssa-sim',
    platform: `${process.platform}/${process.arch === 'x64' ? 'amd64' : process.arch}`,
  };
}
