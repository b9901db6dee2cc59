/**
 * A kubeconfig whose current context points at the server, so `KUBECONFIG=FILE kubectl ...`
 * works at once: with the bearer token when the server needs one, and with the CA that signed
 * the server's certificate (`certificate-authority-data`, the PEM in base64) when it serves TLS.
 */
export const KUBECONFIG_NAME = 'ssa-sim';

function yamlString(s: string): string {
  return JSON.stringify(s);
}

export function kubeconfigText(url: string, token?: string, certificateAuthority?: string): string {
  const user = token !== undefined ? `    token: ${yamlString(token)}\n` : '';
  const ca = certificateAuthority !== undefined ? `    certificate-authority-data: ${Buffer.from(certificateAuthority, 'utf8').toString('base64')}\n` : '';
  return `apiVersion: v1
kind: Config
clusters:
- cluster:
${ca}    server: ${yamlString(url)}
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
