/**
 * The security context checks kube-apiserver 1.32 runs on a Pod's spec and every workload
 * template's (pkg/apis/core/validation/validation.go: validatePodSpecSecurityContext,
 * ValidateSecurityContext, validateSysctls, validateSeccompProfileField,
 * ValidateAppArmorProfileField, validateWindowsSecurityContextOptions,
 * validateWindowsHostProcessPod, validateOS/validateLinux/validateWindows). Inputs and outcomes
 * follow validation_test.go's TestValidatePodSpec ("bad supplementalGroups large than
 * math.MaxInt32", "bad runAsUser ...", "bad fsGroup ..."), TestValidateSecurityContext,
 * TestValidateSysctls, TestValidateWindowsSecurityContextOptions and
 * TestValidateWindowsHostProcessPod; the texts are the field.Error renderings of those sources.
 * Sysctl namespaces are k8s.io/component-helpers node/util/sysctl's GetNamespace (namespace.go).
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok } from './helpers.js';

const real = () => cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
const web = { name: 'web', image: 'nginx' };
const pod = (spec: Record<string, unknown>) => obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec });
const podMessage = (spec: Record<string, unknown>) => fail(real().create(pod(spec), { fieldManager: 'm' })).message;
const podInvalid = (...errors: string[]) => `Pod "p" is invalid: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}`;
const accepted = (spec: Record<string, unknown>) => ok(real().create(pod(spec), { fieldManager: 'm' }));

const RANGE = 'must be between 0 and 2147483647, inclusive';
const SYSCTL_REGEX = '^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$';

describe('pod security context', () => {
  it('user, group, fsGroup and supplemental group ids between 0 and 2^31-1', () => {
    expect(podMessage({ containers: [web], securityContext: { fsGroup: 2147483648, runAsUser: -1, runAsGroup: 2147483648, supplementalGroups: [1, 2147483648] } })).toBe(
      podInvalid(
        `spec.securityContext.fsGroup: Invalid value: 2147483648: ${RANGE}`,
        `spec.securityContext.runAsUser: Invalid value: -1: ${RANGE}`,
        `spec.securityContext.runAsGroup: Invalid value: 2147483648: ${RANGE}`,
        `spec.securityContext.supplementalGroups[1]: Invalid value: 2147483648: ${RANGE}`,
      ),
    );
    accepted({ containers: [web], securityContext: { fsGroup: 0, runAsUser: 2147483647, runAsGroup: 0, supplementalGroups: [0] } });
  });

  it('shareProcessNamespace beside hostPID is spelled under securityContext, as upstream keeps both there', () => {
    expect(podMessage({ containers: [web], hostPID: true, shareProcessNamespace: true })).toBe(
      podInvalid('spec.securityContext.shareProcessNamespace: Invalid value: true: ShareProcessNamespace and HostPID cannot both be enabled'),
    );
    accepted({ containers: [web], hostPID: true, shareProcessNamespace: false });
  });

  it('sysctls: names required, matching the regex, not twice, not of a namespace shared with the host', () => {
    expect(
      podMessage({
        containers: [web],
        hostIPC: true,
        securityContext: { sysctls: [{ name: '', value: '1' }, { name: 'Kernel.Msgmax', value: '1' }, { name: 'kernel.shm_rmid_forced', value: '1' }, { name: 'kernel.shm_rmid_forced', value: '0' }, { name: 'net.ipv4.ip_forward', value: '1' }] },
      }),
    ).toBe(
      podInvalid(
        'spec.securityContext.sysctls[0].name: Required value',
        `spec.securityContext.sysctls[1].name: Invalid value: "Kernel.Msgmax": must have at most 253 characters and match regex ${SYSCTL_REGEX}`,
        `spec.securityContext.sysctls[2].name: Invalid value: "kernel.shm_rmid_forced": may not be specified when 'hostIPC' is true`,
        'spec.securityContext.sysctls[3].name: Duplicate value: "kernel.shm_rmid_forced"',
        // The host rule runs on every entry, the duplicate too.
        `spec.securityContext.sysctls[3].name: Invalid value: "kernel.shm_rmid_forced": may not be specified when 'hostIPC' is true`,
      ),
    );
    // A net.* sysctl with the host network; slash-separated names are namespaced the same way.
    expect(podMessage({ containers: [web], hostNetwork: true, securityContext: { sysctls: [{ name: 'net/ipv4/ip_forward', value: '1' }] } })).toBe(
      podInvalid(`spec.securityContext.sysctls[0].name: Invalid value: "net/ipv4/ip_forward": may not be specified when 'hostNetwork' is true`),
    );
    // GetNamespace knows the IPC sysctls by their whole name (kernel.shm_other is none of them) or the fs.mqueue. prefix.
    expect(podMessage({ containers: [web], hostIPC: true, securityContext: { sysctls: [{ name: 'kernel.shm_other', value: '1' }, { name: 'fs.mqueue.msg_max', value: '10' }] } })).toBe(
      podInvalid(`spec.securityContext.sysctls[1].name: Invalid value: "fs.mqueue.msg_max": may not be specified when 'hostIPC' is true`),
    );
    accepted({ containers: [web], securityContext: { sysctls: [{ name: 'net.ipv4.ip_forward', value: '1' }, { name: 'kernel.shm_rmid_forced', value: '1' }] } });
  });

  it('fsGroupChangePolicy, seccomp and AppArmor profile types and their localhost profiles', () => {
    expect(
      podMessage({
        containers: [web],
        securityContext: { fsGroupChangePolicy: 'Sometimes', seccompProfile: { type: 'Localhost', localhostProfile: '../etc/profile.json' }, appArmorProfile: { type: 'Localhost', localhostProfile: ' padded' } },
      }),
    ).toBe(
      podInvalid(
        'spec.securityContext.fsGroupChangePolicy: Unsupported value: "Sometimes": supported values: "Always", "OnRootMismatch"',
        `spec.securityContext.seccompProfile.localhostProfile: Invalid value: "../etc/profile.json": must not contain '..'`,
        'spec.securityContext.appArmorProfile.localhostProfile: Invalid value: " padded": must not be padded with whitespace',
      ),
    );
    expect(podMessage({ containers: [web], securityContext: { seccompProfile: { type: 'Default' }, appArmorProfile: { type: 'RuntimeDefault', localhostProfile: 'p' } } })).toBe(
      podInvalid(
        'spec.securityContext.seccompProfile.type: Unsupported value: "Default": supported values: "Localhost", "RuntimeDefault", "Unconfined"',
        'spec.securityContext.appArmorProfile.localhostProfile: Invalid value: "p": can only be set when AppArmor type is Localhost',
      ),
    );
    expect(podMessage({ containers: [web], securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: '/abs.json' }, appArmorProfile: { type: 'Localhost' } } })).toBe(
      podInvalid(
        'spec.securityContext.seccompProfile.localhostProfile: Invalid value: "/abs.json": must be a relative path',
        'spec.securityContext.appArmorProfile.localhostProfile: Required value: must be set when AppArmor type is Localhost',
      ),
    );
    accepted({ containers: [web], securityContext: { fsGroupChangePolicy: 'OnRootMismatch', seccompProfile: { type: 'RuntimeDefault' }, appArmorProfile: { type: 'Localhost', localhostProfile: 'k8s-nginx' } } });
  });

  it('a localhostProfile beside another seccomp type: upstream prints the Go struct with a pointer address, written {...} here', () => {
    expect(podMessage({ containers: [web], securityContext: { seccompProfile: { type: 'Unconfined', localhostProfile: 'p.json' } } })).toBe(
      podInvalid('spec.securityContext.seccompProfile.localhostProfile: Invalid value: core.SeccompProfile{...}: can only be set when seccomp type is Localhost'),
    );
  });

  it('windowsOptions: credential spec name a DNS subdomain, spec not empty, runAsUserName rules', () => {
    expect(
      podMessage({ containers: [web], securityContext: { windowsOptions: { gmsaCredentialSpecName: 'Bad_Name', gmsaCredentialSpec: '', runAsUserName: 'Contoso\\Jane\\Doe' } } }),
    ).toBe(
      podInvalid(
        `spec.securityContext.windowsOptions.gmsaCredentialSpecName: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
        'spec.securityContext.windowsOptions.gmsaCredentialSpec: Invalid value: "": gmsaCredentialSpec cannot be an empty string',
        'spec.securityContext.windowsOptions.runAsUserName: Invalid value: "Contoso\\\\Jane\\\\Doe": runAsUserName cannot contain more than one backslash',
      ),
    );
    expect(podMessage({ containers: [web], securityContext: { windowsOptions: { runAsUserName: '.bad\\...' } } })).toBe(
      podInvalid(
        `spec.securityContext.windowsOptions.runAsUserName: Invalid value: ".bad\\\\...": runAsUserName's Domain doesn't match the NetBios nor the DNS format`,
        `spec.securityContext.windowsOptions.runAsUserName: Invalid value: ".bad\\\\...": runAsUserName's User cannot contain only periods or spaces`,
      ),
    );
    expect(podMessage({ containers: [web], securityContext: { windowsOptions: { runAsUserName: 'user@corp' } } })).toBe(
      podInvalid(`spec.securityContext.windowsOptions.runAsUserName: Invalid value: "user@corp": runAsUserName's User cannot contain the following characters: "/\\:;|=,+*?<>@[]`),
    );
    accepted({ containers: [web], securityContext: { windowsOptions: { runAsUserName: 'Contoso\\Jane', gmsaCredentialSpecName: 'gmsa' } } });
  });
});

describe('container security context', () => {
  it('after the resources, in each container kind: ids, seccomp, AppArmor', () => {
    expect(
      podMessage({
        containers: [{ ...web, securityContext: { runAsUser: 2147483648, seccompProfile: {} } }],
        initContainers: [{ name: 'init', image: 'busybox', securityContext: { runAsGroup: -5, appArmorProfile: { type: 'Strict' } } }],
      }),
    ).toBe(
      podInvalid(
        `spec.containers[0].securityContext.runAsUser: Invalid value: 2147483648: ${RANGE}`,
        'spec.containers[0].securityContext.seccompProfile.type: Required value: type is required when seccompProfile is set',
        `spec.initContainers[0].securityContext.runAsGroup: Invalid value: -5: ${RANGE}`,
        'spec.initContainers[0].securityContext.appArmorProfile.type: Unsupported value: "Strict": supported values: "Localhost", "RuntimeDefault", "Unconfined"',
      ),
    );
  });

  it('allowPrivilegeEscalation false beside privileged or CAP_SYS_ADMIN (the struct value written {...})', () => {
    expect(podMessage({ containers: [{ ...web, securityContext: { allowPrivilegeEscalation: false, privileged: true, capabilities: { add: ['CAP_SYS_ADMIN'] } } }] })).toBe(
      podInvalid(
        'spec.containers[0].securityContext: Invalid value: core.SecurityContext{...}: cannot set `allowPrivilegeEscalation` to false and `privileged` to true',
        'spec.containers[0].securityContext: Invalid value: core.SecurityContext{...}: cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN',
      ),
    );
    // Privileged containers are allowed (--allow-privileged), as the EKS aws-node DaemonSet needs.
    accepted({ containers: [{ ...web, securityContext: { privileged: true, allowPrivilegeEscalation: true, capabilities: { add: ['NET_ADMIN', 'SYS_ADMIN'] } } }] });
  });

  it('in a workload template the same errors under spec.template.spec', () => {
    const d = obj({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ ...web, securityContext: { runAsUser: -1 } }], securityContext: { fsGroup: -1 } } } },
    });
    expect(fail(real().create(d, { fieldManager: 'm' })).message).toBe(
      `Deployment.apps "x" is invalid: [spec.template.spec.containers[0].securityContext.runAsUser: Invalid value: -1: ${RANGE}, spec.template.spec.securityContext.fsGroup: Invalid value: -1: ${RANGE}]`,
    );
  });
});

describe('hostProcess and the OS (TestValidateWindowsHostProcessPod, validateOS)', () => {
  const hp = (v: boolean) => ({ windowsOptions: { hostProcess: v } });

  it('pod-wide HostProcess=true and HostNetwork unset should not validate', () => {
    expect(podMessage({ containers: [web], securityContext: hp(true) })).toBe(
      podInvalid('spec.hostNetwork: Invalid value: false: hostNetwork must be true if pod contains any hostProcess containers'),
    );
    accepted({ containers: [web], hostNetwork: true, securityContext: hp(true) });
  });

  it('some containers HostProcess=true, others false or unset, should not validate', () => {
    expect(podMessage({ hostNetwork: true, containers: [{ ...web, securityContext: hp(true) }], initContainers: [{ name: 'init', image: 'b', securityContext: hp(false) }] })).toBe(
      podInvalid('spec: Invalid value: "": If pod contains any hostProcess containers then all containers must be HostProcess containers'),
    );
    expect(podMessage({ hostNetwork: true, securityContext: hp(true), containers: [{ ...web, securityContext: hp(false) }] })).toBe(
      podInvalid('spec.containers[0].securityContext.windowsOptions.hostProcess: Invalid value: false: pod hostProcess value must be identical if both are specified, was true'),
    );
  });

  it('os.name linux or windows; each forbids the other\'s security settings', () => {
    expect(podMessage({ containers: [web], os: { name: 'plan9' } })).toBe(podInvalid('spec.os: Unsupported value: "plan9": supported values: "linux", "windows"'));
    expect(podMessage({ containers: [web], os: { name: '' } })).toBe(podInvalid('spec.os.name: Required value: cannot be empty'));
    expect(podMessage({ containers: [{ ...web, securityContext: { windowsOptions: { runAsUserName: 'u' } } }], os: { name: 'linux' } })).toBe(
      podInvalid('spec.containers[0].securityContext.windowsOptions: Forbidden: windows options cannot be set for a linux pod'),
    );
    expect(
      podMessage({ containers: [{ ...web, securityContext: { runAsUser: 1, readOnlyRootFilesystem: true } }], hostPID: true, securityContext: { fsGroup: 1, runAsUser: 1 }, os: { name: 'windows' } }),
    ).toBe(
      podInvalid(
        'spec.hostPID: Forbidden: cannot be set for a windows pod',
        'spec.securityContext.fsGroup: Forbidden: cannot be set for a windows pod',
        'spec.securityContext.runAsUser: Forbidden: cannot be set for a windows pod',
        'spec.containers[0].securityContext.readOnlyRootFilesystem: Forbidden: cannot be set for a windows pod',
        'spec.containers[0].securityContext.runAsUser: Forbidden: cannot be set for a windows pod',
      ),
    );
    accepted({ containers: [web], os: { name: 'windows' }, securityContext: { windowsOptions: { runAsUserName: 'ContainerUser' } } });
  });
});
