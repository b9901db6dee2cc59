/**
 * Where each built-in kind keeps its pod template: the field the workload strategies hand to
 * pkg/api/pod's template helpers (DropDisabledTemplateFields, GetWarningsForPodTemplate). A Pod
 * is its own template and is not listed.
 */
export const POD_TEMPLATE_PATHS: Readonly<Record<string, readonly string[]>> = {
  Deployment: ['spec', 'template'],
  ReplicaSet: ['spec', 'template'],
  DaemonSet: ['spec', 'template'],
  StatefulSet: ['spec', 'template'],
  Job: ['spec', 'template'],
  ReplicationController: ['spec', 'template'],
  PodTemplate: ['template'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template'],
};

/** The template path of a built-in kind of the core, apps or batch group, if it has one. */
export function podTemplatePath(group: string, kind: string, custom: boolean | undefined): readonly string[] | undefined {
  if (custom) return undefined;
  const path = POD_TEMPLATE_PATHS[kind];
  if (path === undefined) return undefined;
  const expected = kind === 'ReplicationController' || kind === 'PodTemplate' ? '' : kind === 'Job' || kind === 'CronJob' ? 'batch' : 'apps';
  return group === expected ? path : undefined;
}
