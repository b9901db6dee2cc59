/**
 * `ssa-sim serve --token T` with the real kubectl: clientcmd sends a kubeconfig user's bearer
 * token only to an `https://` server (k8s.io/client-go tools/clientcmd client_config.go reads the
 * user's credentials only when the server URL is https), so a token server speaks TLS with a
 * certificate it makes at start, and the kubeconfig it writes carries the server's CA. Before,
 * serve listened on plain HTTP and kubectl got `error: You must be logged in to the server`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { KubectlSession, kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { serving } from './serve-command.js';

const available = kubectlAvailable();

interface Served {
  url: string;
  kubeconfig: string;
  k: KubectlSession;
  stop: () => Promise<number>;
}

/** `ssa-sim serve ARGS --kubeconfig FILE`, and a kubectl session on the kubeconfig it wrote. */
function servedWithKubectl(args: string[]): Served {
  const at = {} as Served;
  const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-tls-'));
  beforeAll(async () => {
    const file = join(dir, 'kubeconfig');
    const s = await serving([...args, '--kubeconfig', file]);
    at.url = s.url;
    at.stop = s.stop;
    at.kubeconfig = readFileSync(file, 'utf8');
    at.k = new KubectlSession(at.kubeconfig);
  });
  afterAll(async () => {
    await at.stop?.();
    at.k?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });
  return at;
}

/** The kubeconfig's one cluster and one user. */
function kubeconfigParts(text: string): { cluster: Record<string, string>; user: Record<string, string> } {
  const doc = parse(text) as { clusters: { cluster: Record<string, string> }[]; users: { user: Record<string, string> }[] };
  return { cluster: doc.clusters[0].cluster, user: doc.users[0].user };
}

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: tls-cm\n  namespace: default\ndata:\n  a: "1"\n';

describe.skipIf(!available)('real kubectl against serve --token (HTTPS)', () => {
  const s = servedWithKubectl(['--token', 'sekret']);

  it('listens on https and writes the server, its CA and the token into the kubeconfig', () => {
    expect(s.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const { cluster, user } = kubeconfigParts(s.kubeconfig);
    expect(cluster.server).toBe(s.url);
    expect(Buffer.from(cluster['certificate-authority-data'], 'base64').toString('utf8')).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n$/);
    expect(user.token).toBe('sekret');
  });

  it('kubectl get ns and apply --server-side work with the kubeconfig serve wrote', { timeout: 120_000 }, async () => {
    expect(await s.k.ok(['get', 'ns', '-o', 'name'])).toBe('namespace/default\nnamespace/kube-node-lease\nnamespace/kube-public\nnamespace/kube-system\n');
    expect(await s.k.ok(['apply', '--server-side', '-f', s.k.file('cm.yaml', CM)])).toBe('configmap/tls-cm serverside-applied\n');
    expect(await s.k.ok(['get', 'configmap', 'tls-cm', '-o', 'jsonpath={.metadata.managedFields[*].manager}/{.metadata.managedFields[*].operation}'])).toBe('kubectl/Apply');
  });

  it('the token is the request user (auth whoami)', { timeout: 60_000 }, async () => {
    expect(await s.k.ok(['auth', 'whoami'])).toBe('ATTRIBUTE   VALUE\nUsername    ssa-sim\nGroups      [system:authenticated]\n');
  });

  it('a wrong token gets the 401 and kubectl says so in its words', { timeout: 60_000 }, async () => {
    const wrong = new KubectlSession(s.kubeconfig.replace('token: "sekret"', 'token: "wrong"'));
    try {
      const r = await wrong.run(['get', 'ns']);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      const lines = r.stderr.split('\n');
      // The discovery client logs each failed try (memcache.go), then kubectl gives up.
      expect(lines.slice(-2)).toEqual(['error: You must be logged in to the server (the server has asked for the client to provide credentials)', '']);
      expect(lines.length).toBeGreaterThan(2);
      for (const line of lines.slice(0, -2)) {
        expect(line).toMatch(/^E\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ memcache\.go:265\] "Unhandled Error" err="couldn't get current server API group list: the server has asked for the client to provide credentials"$/);
      }
    } finally {
      wrong.dispose();
    }
  });

  it('kubectl verifies the certificate: without the CA it refuses the server', { timeout: 60_000 }, async () => {
    const noCa = new KubectlSession(s.kubeconfig.replace(/^ {4}certificate-authority-data: .*\n/m, ''));
    try {
      const r = await noCa.run(['get', 'ns']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('tls: failed to verify certificate: x509: certificate signed by unknown authority');
    } finally {
      noCa.dispose();
    }
  });
});

describe.skipIf(!available)('real kubectl against startServer({tls}) without a token', () => {
  const s = serverWithKubectl({ tls: true });

  // clientcmd prompts for a username when an https server's kubeconfig user has no credentials
  // (client_config.go getUserIdentificationPartialConfig; kubectl allows the prompt), which is
  // why the command turns TLS on with --token only.
  it('kubectl asks for a username, which is why serve speaks HTTPS only with --token', { timeout: 60_000 }, async () => {
    expect(s.server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(kubeconfigParts(s.server.kubeconfig).user).toEqual({});
    expect(await s.k.run(['get', 'ns'], 60_000, {}, '')).toEqual({ code: 1, stdout: 'Please enter Username: ', stderr: 'error: EOF\n' });
  });
});

describe.skipIf(!available)('real kubectl against serve --token --address 0.0.0.0', () => {
  const s = servedWithKubectl(['--token', 'sekret', '--address', '0.0.0.0']);
  const port = () => new URL(s.url).port;

  it('the certificate is for the unspecified address and the machine\'s own: kubectl reaches it by an interface address', { timeout: 60_000 }, async () => {
    expect(s.url).toMatch(/^https:\/\/0\.0\.0\.0:\d+$/);
    expect(await s.k.ok(['get', 'ns', 'default', '-o', 'name'])).toBe('namespace/default\n');
    const external = Object.values(networkInterfaces())
      .flatMap((l) => l ?? [])
      .find((i) => i.family === 'IPv4' && !i.internal);
    if (external !== undefined) expect(await s.k.ok(['--server', `https://${external.address}:${port()}`, 'get', 'ns', 'default', '-o', 'name'])).toBe('namespace/default\n');
  });

  it('an address the certificate is not for is refused in Go\'s words', { timeout: 60_000 }, async () => {
    const r = await s.k.run(['--server', `https://127.0.0.3:${port()}`, 'get', 'ns']);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').slice(-2)).toEqual([expect.stringMatching(/^Unable to connect to the server: tls: failed to verify certificate: x509: certificate is valid for 127\.0\.0\.1, ::1, 0\.0\.0\.0(, [0-9a-f.:]+)*, not 127\.0\.0\.3$/), '']);
  });
});
