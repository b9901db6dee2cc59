/**
 * The names a serving certificate is made for: the loopback names kubectl and curl use on this
 * machine (`localhost`, `127.0.0.1`, `::1`) and the address the server listens on, as an IP or a
 * DNS name. Go's crypto/x509 checks a host only against the subjectAltName, an IP against the
 * iPAddress entries and a name against the dNSName entries, so each goes where its kind belongs.
 *
 * An unspecified address (`0.0.0.0`, `::`) listens on every interface, so a client may come by any
 * of the machine's addresses or its host name: those are added too, as kube-apiserver's
 * self-signed certificate is made for its advertise address and, on an unspecified bind address,
 * for `localhost` (k8s.io/apiserver pkg/server/options/serving.go MaybeDefaultWithSelfSignedCerts).
 */
import { ipOctets } from './ip-octets.js';

export interface ServingNames {
  readonly dnsNames: readonly string[];
  readonly ipAddresses: readonly string[];
}

/** What the machine is called and reached by, read only for an unspecified address. */
export interface HostFacts {
  readonly hostname: string;
  readonly interfaceAddresses: readonly string[];
}

const LOOPBACK_NAMES = ['localhost'];
const LOOPBACK_IPS = ['127.0.0.1', '::1'];
/** A host name of letters, digits and hyphens in dot-separated labels (RFC 1123). */
const DNS_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export function isUnspecified(address: string): boolean {
  const octets = ipOctets(address);
  return octets !== undefined && octets.every((o) => o === 0);
}

export function servingNames(address: string, host: () => HostFacts): ServingNames {
  const dnsNames: string[] = [];
  const ipAddresses: string[] = [];
  const seenIps = new Set<string>();
  const addIp = (ip: string) => {
    const key = Buffer.from(ipOctets(ip)!).toString('hex');
    if (!seenIps.has(key)) {
      seenIps.add(key);
      ipAddresses.push(ip);
    }
  };
  const addName = (name: string) => {
    if (DNS_NAME.test(name) && !dnsNames.some((n) => n.toLowerCase() === name.toLowerCase())) dnsNames.push(name);
  };
  for (const n of LOOPBACK_NAMES) addName(n);
  for (const ip of LOOPBACK_IPS) addIp(ip);
  if (ipOctets(address) !== undefined) addIp(address);
  else addName(address);
  if (isUnspecified(address)) {
    const facts = host();
    addName(facts.hostname);
    for (const ip of facts.interfaceAddresses) if (ipOctets(ip) !== undefined) addIp(ip);
  }
  return { dnsNames, ipAddresses };
}
