/**
 * kube-apiserver 1.32's checks of security contexts (pkg/apis/core/validation): the pod's
 * (`validatePodSpecSecurityContext`: fsGroup, runAsUser, runAsGroup and supplemental groups
 * between 0 and 2^31-1, shareProcessNamespace not beside hostPID, sysctl names, fsGroupChangePolicy,
 * seccomp and AppArmor profiles, Windows options) and a container's (`ValidateSecurityContext`:
 * user and group, seccomp, allowPrivilegeEscalation false beside privileged or CAP_SYS_ADMIN,
 * Windows options, AppArmor). The v1 pod keeps hostNetwork, hostPID, hostIPC and
 * shareProcessNamespace in its spec; upstream's internal type keeps them in the security context,
 * so an error about them is spelled under `securityContext` (`spec.securityContext.shareProcessNamespace`).
 *
 * The cluster is taken to allow privileged containers (`--allow-privileged`, which kubeadm, kind
 * and EKS set). Not checked: procMount (ProcMountType), hostUsers (UserNamespacesSupport),
 * supplementalGroupsPolicy (SupplementalGroupsPolicy), seLinuxChangePolicy (SELinuxChangePolicy):
 * with their gates off in 1.32 the strategy drops them before validation
 * (drop-disabled-pod-fields.ts) unless the stored object already used them.
 * Two errors print upstream a Go struct with pointer addresses no run shares; here the struct is
 * written `core.SeccompProfile{...}` or `core.SecurityContext{...}`.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { duplicate, forbidden, invalidValue, notSupported, required } from './field-error.js';
import { isDns1123Subdomain } from './name-validation.js';
import type { FieldError } from './status.js';
import { utf8Length } from './utf8.js';
import { descendingPathErrors } from './validate-volume-mounts.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const isInt = (v: Value | undefined): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';

const MAX_ID = 2147483647;
const ID_RANGE = `must be between 0 and ${MAX_ID}, inclusive`;
/** `sets.List` of the fsGroup change policies: sorted. */
const FS_GROUP_CHANGE_POLICIES = ['Always', 'OnRootMismatch'];
const PROFILE_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined'];
const SYSCTL_SEGMENT = '[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const SYSCTL_REGEX = `^(${SYSCTL_SEGMENT}[\\./])*${SYSCTL_SEGMENT}$`;
const SYSCTL_NAME = new RegExp(SYSCTL_REGEX);
const SYSCTL_MAX = 253;
const MAX_LOCALHOST_PROFILE = 4095;
const MAX_GMSA_SPEC_KIB = 64;
const MAX_DOMAIN = 256;
const MAX_USER = 104;

/** `IsValidUserID` / `IsValidGroupID` of an integer field that is set. */
function idErrors(value: Value | undefined, field: string): FieldError[] {
  return isInt(value) && (value < 0 || value > MAX_ID) ? [invalidValue(field, value, ID_RANGE)] : [];
}

/** The sysctls component-helpers' GetNamespace knows by their whole name to live in the IPC namespace. */
const IPC_SYSCTLS = new Set(['kernel.sem', 'kernel.shmall', 'kernel.shmmax', 'kernel.shmmni', 'kernel.shm_rmid_forced', 'kernel.shm', 'kernel.msgmax', 'kernel.msgmnb', 'kernel.msgmni', 'kernel.msg']);

/**
 * The kernel namespace of a sysctl as component-helpers' GetNamespace finds it: the name with
 * `.` and `/` swapped when its first separator is `/`, cut at a `*`, then looked up whole (the IPC
 * names above) or by prefix (`net.`, `fs.mqueue.`).
 */
function sysctlNamespace(name: string): 'net' | 'ipc' | '' {
  const firstSep = name.search(/[./]/);
  const normalized = firstSep >= 0 && name[firstSep] === '/' ? name.replace(/[./]/g, (c) => (c === '/' ? '.' : '/')) : name;
  const star = normalized.indexOf('*');
  const key = star >= 0 ? normalized.slice(0, star) : normalized;
  if (IPC_SYSCTLS.has(key)) return 'ipc';
  if (key.startsWith('net.')) return 'net';
  return key.startsWith('fs.mqueue.') ? 'ipc' : '';
}

/** `validateSysctls` with the host sysctl rule (namespaced sysctls not in a pod that shares that namespace with the host). */
function sysctlsErrors(sysctls: Value | undefined, spec: Value | undefined, field: string): FieldError[] {
  if (!Array.isArray(sysctls)) return [];
  const names = new Set<string>();
  return sysctls.flatMap((s, i) => {
    const path = `${field}[${i}].name`;
    const name = typeof at(s, 'name') === 'string' ? (at(s, 'name') as string) : '';
    const errors: FieldError[] = [];
    if (name === '') errors.push(required(path));
    else if (utf8Length(name) > SYSCTL_MAX || !SYSCTL_NAME.test(name)) errors.push(invalidValue(path, name, `must have at most ${SYSCTL_MAX} characters and match regex ${SYSCTL_REGEX}`));
    else if (names.has(name)) errors.push(duplicate(path, name));
    const ns = sysctlNamespace(name);
    if (at(spec, 'hostNetwork') === true && ns === 'net') errors.push(invalidValue(path, name, "may not be specified when 'hostNetwork' is true"));
    else if (at(spec, 'hostIPC') === true && ns === 'ipc') errors.push(invalidValue(path, name, "may not be specified when 'hostIPC' is true"));
    names.add(name);
    return errors;
  });
}

/** `validateSeccompProfileField`. */
function seccompErrors(profile: Value | undefined, field: string): FieldError[] {
  if (!isMap(profile)) return [];
  const errors: FieldError[] = [];
  const type = typeof at(profile, 'type') === 'string' ? (at(profile, 'type') as string) : '';
  if (type === '') errors.push(required(`${field}.type`, 'type is required when seccompProfile is set'));
  else if (!PROFILE_TYPES.includes(type)) errors.push(notSupported(`${field}.type`, type, PROFILE_TYPES));
  const localhost = at(profile, 'localhostProfile');
  if (type === 'Localhost') {
    if (typeof localhost !== 'string') errors.push(required(`${field}.localhostProfile`, 'must be set when seccomp type is Localhost'));
    else errors.push(...descendingPathErrors(localhost, `${field}.localhostProfile`));
  } else if (localhost != null) {
    errors.push({ type: 'FieldValueInvalid', field: `${field}.localhostProfile`, value: 'core.SeccompProfile{...}', detail: 'can only be set when seccomp type is Localhost' });
  }
  return errors;
}

/** `ValidateAppArmorProfileField`. */
function appArmorErrors(profile: Value | undefined, field: string): FieldError[] {
  if (!isMap(profile)) return [];
  const type = typeof at(profile, 'type') === 'string' ? (at(profile, 'type') as string) : '';
  const localhost = at(profile, 'localhostProfile');
  const path = `${field}.localhostProfile`;
  switch (type) {
    case 'Localhost': {
      if (typeof localhost !== 'string') return [required(path, 'must be set when AppArmor type is Localhost')];
      const errors: FieldError[] = [];
      if (localhost.trim() !== localhost) errors.push(invalidValue(path, localhost, 'must not be padded with whitespace'));
      else if (localhost === '') errors.push(required(path, 'must be set when AppArmor type is Localhost'));
      if (utf8Length(localhost) > MAX_LOCALHOST_PROFILE) errors.push({ type: 'FieldValueTooLong', field: path, detail: `may not be more than ${MAX_LOCALHOST_PROFILE} bytes` });
      return errors;
    }
    case 'RuntimeDefault':
    case 'Unconfined':
      return typeof localhost === 'string' ? [invalidValue(path, localhost, 'can only be set when AppArmor type is Localhost')] : [];
    case '':
      return [required(`${field}.type`, 'type is required when appArmorProfile is set')];
    default:
      return [notSupported(`${field}.type`, type, PROFILE_TYPES)];
  }
}

const CONTROL = /[\x00-\x1f\x7f]/;
const NETBIOS_DOMAIN = /^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$/;
const DNS_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const DNS_DOMAIN = new RegExp(`^${DNS_LABEL}(?:\\.${DNS_LABEL})*$`);
const USER_BAD_CHARS = /["/\\:;|=,+*?<>@[\]]/;
const USER_DOTS_SPACES = /^[. ]+$/;

/** The checks of a `runAsUserName` (DOMAIN\USER), each message once at most, in upstream's order. */
function runAsUserNameMessages(name: string): string[] {
  if (name === '') return ['runAsUserName cannot be an empty string'];
  if (CONTROL.test(name)) return ['runAsUserName cannot contain control characters'];
  const parts = name.split('\\');
  if (parts.length > 2) return ['runAsUserName cannot contain more than one backslash'];
  const [domain, user] = parts.length === 1 ? ['', parts[0]] : [parts[0], parts[1]];
  const messages: string[] = [];
  if (utf8Length(domain) >= MAX_DOMAIN) messages.push(`runAsUserName's Domain length must be under ${MAX_DOMAIN} characters`);
  if (parts.length === 2 && !(NETBIOS_DOMAIN.test(domain) || DNS_DOMAIN.test(domain))) messages.push("runAsUserName's Domain doesn't match the NetBios nor the DNS format");
  if (user === '') messages.push("runAsUserName's User cannot be empty");
  else if (utf8Length(user) > MAX_USER) messages.push(`runAsUserName's User length must not be longer than ${MAX_USER} characters`);
  if (USER_DOTS_SPACES.test(user)) messages.push("runAsUserName's User cannot contain only periods or spaces");
  if (USER_BAD_CHARS.test(user)) messages.push(`runAsUserName's User cannot contain the following characters: "/\\:;|=,+*?<>@[]`);
  return messages;
}

/** `validateWindowsSecurityContextOptions`. */
function windowsOptionsErrors(options: Value | undefined, field: string): FieldError[] {
  if (!isMap(options)) return [];
  const errors: FieldError[] = [];
  const specName = at(options, 'gmsaCredentialSpecName');
  if (typeof specName === 'string') errors.push(...isDns1123Subdomain(specName).map((msg) => invalidValue(`${field}.gmsaCredentialSpecName`, specName, msg)));
  const spec = at(options, 'gmsaCredentialSpec');
  if (typeof spec === 'string') {
    if (spec === '') errors.push(invalidValue(`${field}.gmsaCredentialSpec`, spec, 'gmsaCredentialSpec cannot be an empty string'));
    else if (utf8Length(spec) > MAX_GMSA_SPEC_KIB * 1024) errors.push(invalidValue(`${field}.gmsaCredentialSpec`, spec, `gmsaCredentialSpec size must be under ${MAX_GMSA_SPEC_KIB} KiB`));
  }
  const user = at(options, 'runAsUserName');
  if (typeof user === 'string') errors.push(...runAsUserNameMessages(user).map((msg) => invalidValue(`${field}.runAsUserName`, user, msg)));
  return errors;
}

/** `validatePodSpecSecurityContext` for the pod spec `spec` whose security context is at `field`. */
export function podSecurityContextErrors(spec: Value | undefined, field: string): FieldError[] {
  const sc = at(spec, 'securityContext');
  const errors = [...idErrors(at(sc, 'fsGroup'), `${field}.fsGroup`), ...idErrors(at(sc, 'runAsUser'), `${field}.runAsUser`), ...idErrors(at(sc, 'runAsGroup'), `${field}.runAsGroup`)];
  const groups = at(sc, 'supplementalGroups');
  if (Array.isArray(groups)) groups.forEach((g, i) => errors.push(...idErrors(g, `${field}.supplementalGroups[${i}]`)));
  if (at(spec, 'shareProcessNamespace') === true && at(spec, 'hostPID') === true) {
    errors.push(invalidValue(`${field}.shareProcessNamespace`, true, 'ShareProcessNamespace and HostPID cannot both be enabled'));
  }
  errors.push(...sysctlsErrors(at(sc, 'sysctls'), spec, `${field}.sysctls`));
  const changePolicy = at(sc, 'fsGroupChangePolicy');
  if (typeof changePolicy === 'string' && !FS_GROUP_CHANGE_POLICIES.includes(changePolicy)) {
    errors.push(notSupported(`${field}.fsGroupChangePolicy`, changePolicy, FS_GROUP_CHANGE_POLICIES));
  }
  errors.push(
    ...seccompErrors(at(sc, 'seccompProfile'), `${field}.seccompProfile`),
    ...windowsOptionsErrors(at(sc, 'windowsOptions'), `${field}.windowsOptions`),
    ...appArmorErrors(at(sc, 'appArmorProfile'), `${field}.appArmorProfile`),
  );
  return errors;
}

/** `ValidateSecurityContext` of one container's security context at `field`. */
export function containerSecurityContextErrors(sc: Value | undefined, field: string): FieldError[] {
  if (!isMap(sc)) return [];
  const errors = [...idErrors(at(sc, 'runAsUser'), `${field}.runAsUser`), ...idErrors(at(sc, 'runAsGroup'), `${field}.runAsGroup`)];
  errors.push(...seccompErrors(at(sc, 'seccompProfile'), `${field}.seccompProfile`));
  if (at(sc, 'allowPrivilegeEscalation') === false) {
    const struct = (detail: string): FieldError => ({ type: 'FieldValueInvalid', field, value: 'core.SecurityContext{...}', detail });
    if (at(sc, 'privileged') === true) errors.push(struct('cannot set `allowPrivilegeEscalation` to false and `privileged` to true'));
    const add = at(at(sc, 'capabilities'), 'add');
    if (Array.isArray(add)) {
      for (const cap of add) if (cap === 'CAP_SYS_ADMIN') errors.push(struct('cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN'));
    }
  }
  errors.push(...windowsOptionsErrors(at(sc, 'windowsOptions'), `${field}.windowsOptions`), ...appArmorErrors(at(sc, 'appArmorProfile'), `${field}.appArmorProfile`));
  return errors;
}

/**
 * `validateWindowsHostProcessPod`: a pod whose containers (init, regular, ephemeral, in that
 * order) run as hostProcess must have them all so and use the host network; a container's
 * hostProcess must equal the pod's where both are set.
 */
export function hostProcessErrors(spec: Value | undefined, field: string): FieldError[] {
  const podValue = at(at(at(spec, 'securityContext'), 'windowsOptions'), 'hostProcess');
  const pod = typeof podValue === 'boolean' ? podValue : undefined;
  const errors: FieldError[] = [];
  let count = 0;
  let hostProcess = 0;
  for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
    const containers = at(spec, list);
    if (!Array.isArray(containers)) continue;
    containers.forEach((c, i) => {
      count++;
      const value = at(at(at(c, 'securityContext'), 'windowsOptions'), 'hostProcess');
      const own = typeof value === 'boolean' ? value : undefined;
      if (pod !== undefined && own !== undefined && pod !== own) {
        errors.push(invalidValue(`${field}.${list}[${i}].securityContext.windowsOptions.hostProcess`, own, `pod hostProcess value must be identical if both are specified, was ${pod}`));
      }
      if (own === true || (own === undefined && pod === true)) hostProcess++;
    });
  }
  if (hostProcess > 0) {
    if (hostProcess !== count) errors.push(invalidValue(field, '', 'If pod contains any hostProcess containers then all containers must be HostProcess containers'));
    if (at(spec, 'hostNetwork') !== true) errors.push(invalidValue(`${field}.hostNetwork`, false, 'hostNetwork must be true if pod contains any hostProcess containers'));
  }
  return errors;
}

/** Forbidden beside `os.name`: `validateLinux` and `validateWindows`, over the containers in visiting order. */
export function osSecurityErrors(spec: Value | undefined, field: string, os: 'linux' | 'windows'): FieldError[] {
  const sc = at(spec, 'securityContext');
  const containers = ['initContainers', 'containers', 'ephemeralContainers'].flatMap((list) => {
    const cs = at(spec, list);
    return Array.isArray(cs) ? cs.map((c, i) => ({ sc: at(c, 'securityContext'), path: `${field}.${list}[${i}].securityContext` })) : [];
  });
  if (os === 'linux') {
    const linux = 'windows options cannot be set for a linux pod';
    return [
      ...(isMap(sc) && at(sc, 'windowsOptions') != null ? [forbidden(`${field}.securityContext.windowsOptions`, linux)] : []),
      ...containers.flatMap((c) => (isMap(c.sc) && at(c.sc, 'windowsOptions') != null ? [forbidden(`${c.path}.windowsOptions`, linux)] : [])),
    ];
  }
  const windows = 'cannot be set for a windows pod';
  const errors: FieldError[] = [];
  const set = (v: Value | undefined) => v != null;
  if (isMap(sc)) {
    if (set(at(sc, 'appArmorProfile'))) errors.push(forbidden(`${field}.securityContext.appArmorProfile`, windows));
    if (set(at(sc, 'seLinuxOptions'))) errors.push(forbidden(`${field}.securityContext.seLinuxOptions`, windows));
  }
  if (at(spec, 'hostPID') === true) errors.push(forbidden(`${field}.hostPID`, windows));
  if (at(spec, 'hostIPC') === true) errors.push(forbidden(`${field}.hostIPC`, windows));
  if (isMap(sc)) {
    for (const key of ['seccompProfile', 'fsGroup', 'fsGroupChangePolicy']) if (set(at(sc, key))) errors.push(forbidden(`${field}.securityContext.${key}`, windows));
    const sysctls = at(sc, 'sysctls');
    if (Array.isArray(sysctls) && sysctls.length > 0) errors.push(forbidden(`${field}.securityContext.sysctls`, windows));
  }
  if (set(at(spec, 'shareProcessNamespace'))) errors.push(forbidden(`${field}.shareProcessNamespace`, windows));
  if (isMap(sc)) {
    for (const key of ['runAsUser', 'runAsGroup', 'supplementalGroups']) if (set(at(sc, key))) errors.push(forbidden(`${field}.securityContext.${key}`, windows));
  }
  const keys = ['appArmorProfile', 'seLinuxOptions', 'seccompProfile', 'capabilities', 'readOnlyRootFilesystem', 'privileged', 'allowPrivilegeEscalation', 'procMount', 'runAsUser', 'runAsGroup'];
  for (const c of containers) if (isMap(c.sc)) for (const key of keys) if (set(at(c.sc, key))) errors.push(forbidden(`${c.path}.${key}`, windows));
  return errors;
}
