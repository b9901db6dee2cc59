/**
 * A kubeconfig whose current context points at the server, so `KUBECONFIG=FILE kubectl ...`
 * works at once (with the bearer token when the server needs one).
 */
export const KUBECONFIG_NAME = 'ssa-sim';

function yamlString(s: string): string {
  return JSON.stringify(s);
}

export function kubeconfigText(url: string, token?: string): string {
  const user = token !== undefined ? `    token: ${yamlString(token)}\n` : '';
  return `apiVersion: v1
kind: Config
clusters:
- cluster:
    server: ${yamlString(url)}
  name: ${KUBECONFIG_NAME}
contexts:
- context:
    cluster: ${KUBECONFIG_NAME}
    user: ${KUBECONFIG_NAME}
  name: ${KUBECONFIG_NAME}
current-context: ${KUBECONFIG_NAME}
preferences: {}
users:
- name: ${KUBECONFIG_NAME}
  user:${token !== undefined ? '\n' + user : ' {}\n'}`;
}
