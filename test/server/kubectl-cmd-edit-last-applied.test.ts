/**
 * `kubectl apply edit-last-applied` with the real kubectl 1.32 against `startServer`, after
 * kubernetes/kubectl pkg/cmd/edit/testdata/testcase-apply-edit-last-applied (test.yaml: a
 * Service svc1 whose last-applied configuration is edited to `targetPort: 92` and sent as a merge
 * patch of the annotation alone) and testcase-apply-edit-last-applied-syntax-error: the edit
 * changes the annotation and nothing else of the object, view-last-applied shows it, the next
 * client-side apply computes its patch from it, and an object without the annotation is refused.
 * The recorded test drives kubectl against canned answers; here the answers are the server's.
 */
import { chmodSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const SVC1 = `apiVersion: v1
kind: Service
metadata:
  name: svc1
  labels:
    app: svc1
    new-label: new-value
spec:
  ports:
  - name: "80"
    port: 81
    protocol: TCP
    targetPort: 80
  selector:
    app: svc1
  sessionAffinity: None
  type: ClusterIP
`;

const T = { timeout: 240_000 };

describe.skipIf(!available)('kubectl apply edit-last-applied, real kubectl against serve', () => {
  const at = serverWithKubectl();
  const ok = async (args: string[], env: Record<string, string> = {}): Promise<string> => {
    const r = await at.k.run(args, 60_000, env);
    expect(r.stderr, args.join(' ')).toBe('');
    expect(r.code, args.join(' ')).toBe(0);
    return r.stdout;
  };

  it('edits only the annotation; the next apply patches from the edited configuration', T, async () => {
    const { k } = at;
    await ok(['create', 'namespace', 'myproject']);
    await ok(['config', 'set-context', '--current', '--namespace=myproject']);
    const svc = k.file('svc1.yaml', SVC1);
    expect(await ok(['apply', '-f', svc])).toBe('service/svc1 created\n');
    const resourceVersion = await k.getTemplate('service svc1', '{{.metadata.resourceVersion}}');
    const editor = k.file('editor.sh', '#!/usr/bin/env bash\nsed -i "s/targetPort: 80/targetPort: 92/" "$@"\n');
    chmodSync(editor, 0o755);

    expect(await ok(['apply', 'edit-last-applied', 'service', 'svc1'], { EDITOR: editor })).toBe('service/svc1 edited\n');
    const viewed = await ok(['apply', 'view-last-applied', 'service', 'svc1']);
    expect(viewed).toContain('    targetPort: 92\n');
    // The object itself keeps its port; the write changed the annotation, so a new resourceVersion.
    expect(await k.getTemplate('service svc1', '{{(index .spec.ports 0).targetPort}}')).toBe('80');
    expect(await k.getTemplate('service svc1', '{{.metadata.resourceVersion}}')).not.toBe(resourceVersion);
    // edit-last-applied patches as kubectl-client-side-apply (apply_edit_last_applied.go's
    // --field-manager default), which already owns the annotation: still one entry.
    const managers = await ok(['get', 'service', 'svc1', '-o=jsonpath={.metadata.managedFields[*].manager}']);
    expect(managers).toBe('kubectl-client-side-apply');

    // The manifest says 80 again: the three-way patch (edited 92 -> 80) sets it, so the annotation
    // is rewritten and the object is reported configured, its port unchanged.
    expect(await ok(['apply', '-f', svc])).toBe('service/svc1 configured\n');
    expect(await ok(['apply', 'view-last-applied', 'service', 'svc1'])).toContain('    targetPort: 80\n');
    expect(await k.getTemplate('service svc1', '{{(index .spec.ports 0).targetPort}}')).toBe('80');
  });

  it('refuses an object without the annotation', T, async () => {
    const { k } = at;
    await ok(['create', 'configmap', 'plain', '--from-literal=a=1']);
    const editor = k.file('noop.sh', '#!/usr/bin/env bash\nexit 0\n');
    chmodSync(editor, 0o755);
    const r = await k.run(['apply', 'edit-last-applied', 'configmap', 'plain'], 60_000, { EDITOR: editor });
    // kubectl's own text (pkg/cmd/util/editor), before any write.
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'error: no last-applied-configuration annotation found on resources, to create the annotation, use command `kubectl apply set-last-applied --create-annotation`\n' });
    expect(await k.getTemplate('configmap plain', '{{.metadata.annotations}}')).toBe('<no value>');
  });
});
