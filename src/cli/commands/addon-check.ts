import { statSync } from 'node:fs';
import type { ResolveConflicts } from '../../actors/actor.js';
import {
  type AddonSource,
  builtinAddon,
  builtinAddonManifest,
  DEFAULT_CUSTOMIZATIONS,
  DEFAULT_CUSTOMIZATIONS_NAME,
  formatMarkdown,
  formatText,
  type LiveCluster,
  manifestAddon,
  parseCustomizations,
  runAddonCheck,
} from '../../addon-check/index.js';
import { parseCommandArgs, usageError } from '../args.js';
import { type CommandIO, EXIT_FAILED, EXIT_OK } from '../io.js';
import { readInput } from '../read-input.js';
import { readManifestObjects } from '../read-manifest-paths.js';
import { readLiveObjects } from '../read-live.js';
import { writeFileAtomically } from '../write-output.js';
import { fileEnvironment } from './run.js';

export const addonCheckUsage = `Usage: ssa-sim addon-check --from OLD --to NEW [--cluster LIVE]... [--customizations FILE]
                          [--modes NONE,OVERWRITE,PRESERVE] [--addon-name NAME] [-o text|json|markdown|FILE]
       ssa-sim addon-check --print-customizations
       ssa-sim addon-check --print-manifest NAME@VERSION

What happens when the EKS add-on manager updates your add-on from OLD to NEW on clusters whose
users changed things, for every cluster state and every --resolve-conflicts mode. Each cell is
the add-on manager's real request (a dry run, then server-side applies as "eks") on a simulated
cluster: does the update fail (the add-on manager's exact error), which user changes it
overwrites or removes and which survive, which fields change owner or become shared.

OLD and NEW are manifest files (several documents), directories (their .yaml, .yml and .json
files), or a built-in add-on version: vpc-cni@v1.10.1, vpc-cni@v1.11.4 (-eksbuild.N may be left out).

Cluster states:
  installed               OLD as the add-on manager installs it (update-addon)
  kubectl-apply-install   OLD applied with kubectl apply, self-managed (create-addon takes it over)
  each customization      of --customizations FILE (default: common changes to vpc-cni's
                          aws-node; print them with --print-customizations), run on one of those
  each --cluster LIVE     captured with kubectl get ... -o yaml --show-managed-fields; an update
                          when an "eks" Apply entry is there, else a create over a self-managed install
A user change is a value that differs from OLD as the add-on manager installs it (status and
server-set metadata aside); it is kept, overwritten or removed by the update.

Options:
  --from OLD              the add-on's version installed now
  --to NEW                the version to ship
  --cluster LIVE          a captured cluster state; repeatable
  --customizations FILE   a YAML list of {name, description, install, steps} (docs/addon-check.md)
  --print-customizations  print the default customizations file and exit
  --print-manifest SPEC   print the manifest of a built-in add-on version (vpc-cni@v1.10.1) and exit:
                          the files the docs' examples apply (aws-k8s-cni.yaml)
  --modes LIST            resolveConflicts modes, comma-separated (default: NONE,OVERWRITE,PRESERVE)
  --addon-name NAME       the add-on's name in EKS (default: the built-in's name, else the name of
                          NEW's file or directory)
  -o, --output            text (default), json (docs/addon-check.md), markdown (for a pull
                          request), or a file name (.json, .md, else text; written atomically)

Exit status: 0 every cell succeeds and keeps every user change, 1 a cell fails or loses a user
change (use it to gate a release), 2 invalid input or usage.

Examples:
  ssa-sim addon-check --from vpc-cni@v1.10.1 --to vpc-cni@v1.11.4
  ssa-sim addon-check --from vpc-cni@v1.10.1 --to vpc-cni@v1.11.4 --modes OVERWRITE,PRESERVE -o markdown
  ssa-sim addon-check --from chart-v1/ --to chart-v2/ --customizations my-users.yaml -o report.json
  kubectl get ds,sa -n kube-system -l k8s-app=aws-node -o yaml --show-managed-fields > prod.yaml
  ssa-sim addon-check --from vpc-cni@v1.10.1 --to new/ --cluster prod.yaml
  ssa-sim addon-check --from vpc-cni@v1.10.1 --to vpc-cni@v1.11.4 -o json | jq .summary
  ssa-sim addon-check --print-customizations > my-users.yaml
  ssa-sim addon-check --print-manifest vpc-cni@v1.10.1 > aws-k8s-cni.yaml
`;

export const OPTIONS = {
  from: { type: 'string' },
  to: { type: 'string' },
  cluster: { type: 'string', multiple: true },
  customizations: { type: 'string' },
  'print-customizations': { type: 'boolean' },
  'print-manifest': { type: 'string' },
  modes: { type: 'string' },
  'addon-name': { type: 'string' },
  output: { type: 'string', short: 'o' },
} as const;

const MODES: readonly ResolveConflicts[] = ['NONE', 'OVERWRITE', 'PRESERVE'];
const START = '2024-01-01T00:00:00Z';
/** OLD or NEW: a built-in version (`vpc-cni@v1.10.1`) unless a file of that name exists, else files as `kubectl apply -f` reads them. */
async function addonSource(spec: string, io: CommandIO): Promise<AddonSource> {
  let exists = true;
  try {
    statSync(spec);
  } catch {
    exists = false;
  }
  const builtin = exists ? undefined : builtinAddon(spec);
  if (builtin) return builtin;
  const { manifests } = await readManifestObjects([spec], false, io);
  return manifestAddon(spec, manifests.map((m) => m.object));
}

function nameOf(spec: string): string {
  return spec.replace(/\/+$/, '').replace(/^.*\//, '').replace(/\.(ya?ml|json)$/, '') || 'addon';
}

export async function addonCheckCommand(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommandArgs('addon-check', args, OPTIONS, addonCheckUsage, io);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values;
  if (v['print-customizations'] === true) {
    io.write(DEFAULT_CUSTOMIZATIONS);
    return EXIT_OK;
  }
  const manifestSpec = v['print-manifest'] as string | undefined;
  if (manifestSpec !== undefined) {
    const found = builtinAddonManifest(manifestSpec);
    if (found === undefined) return usageError('addon-check', `--print-manifest takes a built-in add-on version (vpc-cni@v1.10.1, vpc-cni@v1.11.4), not ${JSON.stringify(manifestSpec)}`, addonCheckUsage, io);
    io.write(found.text);
    return EXIT_OK;
  }
  if (parsed.positionals.length > 0) return usageError('addon-check', `unexpected argument ${JSON.stringify(parsed.positionals[0])}`, addonCheckUsage, io);
  const fromSpec = v.from as string | undefined;
  const toSpec = v.to as string | undefined;
  if (fromSpec === undefined) return usageError('addon-check', 'missing --from OLD', addonCheckUsage, io);
  if (toSpec === undefined) return usageError('addon-check', 'missing --to NEW', addonCheckUsage, io);
  const modes = ((v.modes as string | undefined) ?? MODES.join(',')).split(',').map((m) => m.trim().toUpperCase());
  const badMode = modes.find((m) => !(MODES as readonly string[]).includes(m));
  if (badMode !== undefined) return usageError('addon-check', `--modes: ${JSON.stringify(badMode)} is not a resolveConflicts mode (NONE, OVERWRITE, PRESERVE)`, addonCheckUsage, io);
  const output = (v.output as string | undefined) ?? 'text';
  const format = ['text', 'json', 'markdown'].includes(output) ? output : /\.json$/i.test(output) ? 'json' : /\.(md|markdown)$/i.test(output) ? 'markdown' : /^[a-z]+$/.test(output) ? undefined : 'text';
  if (format === undefined) return usageError('addon-check', `-o ${output} is not supported here; use text, json, markdown or a file name`, addonCheckUsage, io);
  const file = ['text', 'json', 'markdown'].includes(output) ? undefined : output;

  const from = await addonSource(fromSpec, io);
  const to = await addonSource(toSpec, io);
  const addonName = (v['addon-name'] as string | undefined) ?? (to.kind === 'builtin' ? to.addonName : from.kind === 'builtin' ? from.addonName : nameOf(toSpec));
  const customFile = v.customizations as string | undefined;
  const customText = customFile === undefined ? DEFAULT_CUSTOMIZATIONS : (await readInput(customFile, io)).text;
  const customizations = parseCustomizations(customText, customFile === undefined ? DEFAULT_CUSTOMIZATIONS_NAME : customFile === '-' ? '<stdin>' : customFile);
  const clusters: LiveCluster[] = [];
  for (const c of (v.cluster as string[] | undefined) ?? []) {
    const live = await readLiveObjects(c, io);
    clusters.push({ name: live.name, objects: live.objects.map((o) => ({ object: o.manifest.object, source: o.manifest.source })) });
  }
  const report = runAddonCheck(
    { from, to, addonName, customizations, clusters, modes: [...new Set(modes)] as ResolveConflicts[], now: START },
    fileEnvironment(customFile === undefined || customFile === '-' ? '.' : customFile),
  );
  const text = format === 'json' ? JSON.stringify(report, null, 2) + '\n' : format === 'markdown' ? formatMarkdown(report) : formatText(report);
  if (file) writeFileAtomically(file, text);
  else io.write(text);
  return report.summary.exitCode === 0 ? EXIT_OK : EXIT_FAILED;
}
