/**
 * A pod spec's DNS settings and host aliases as kube-apiserver 1.32 validates them
 * (pkg/apis/core/validation/validation.go: validatePodDNSConfig, ValidateHostAliases, and
 * apimachinery's IsValidIP over netutils.ParseIPSloppy), the kinds of case validation_test.go's
 * TestValidatePodDNSConfig and TestValidateHostAliases tables hold: dnsPolicy None without a
 * config or nameserver, too many nameservers or searches, bad IPs, bad search domains (a trailing
 * dot allowed), unnamed options.
 */
import { describe, expect, it } from 'vitest';
import { isGoIP } from '../../src/apiserver/go-parse-ip.js';
import { cluster, fail, obj, ok } from './helpers.js';

const real = () => cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
const web = { name: 'web', image: 'nginx' };
const pod = (spec: Record<string, unknown>) => obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [web], ...spec } });
const podMessage = (spec: Record<string, unknown>) => fail(real().create(pod(spec), { fieldManager: 'm' })).message;
const podInvalid = (...errors: string[]) => `Pod "p" is invalid: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}`;
const accepted = (spec: Record<string, unknown>) => ok(real().create(pod(spec), { fieldManager: 'm' }));

const BAD_IP = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('dnsConfig', () => {
  it('dnsPolicy None needs a config, then a nameserver, and stops there', () => {
    expect(podMessage({ dnsPolicy: 'None' })).toBe(podInvalid('spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None'));
    expect(podMessage({ dnsPolicy: 'None', dnsConfig: { searches: ['Bad_Domain'] } })).toBe(
      podInvalid('spec.dnsConfig.nameservers: Required value: must provide at least one DNS nameserver when `dnsPolicy` is None'),
    );
    accepted({ dnsPolicy: 'None', dnsConfig: { nameservers: ['1.2.3.4'] } });
  });

  it('at most 3 nameservers (the list printed as Go prints a []string), each an IP', () => {
    expect(podMessage({ dnsConfig: { nameservers: ['1.2.3.4', '1.2.3.5', 'fd00::53', 'not-an-ip'] } })).toBe(
      podInvalid(
        'spec.dnsConfig.nameservers: Invalid value: []string{"1.2.3.4", "1.2.3.5", "fd00::53", "not-an-ip"}: must not have more than 3 nameservers',
        `spec.dnsConfig.nameservers[3]: Invalid value: "not-an-ip": ${BAD_IP}`,
      ),
    );
  });

  it('searches: at most 32 and 2048 characters joined, each a subdomain once a trailing dot is dropped; options named', () => {
    const many = Array.from({ length: 33 }, (_, i) => `d${i}.example.com`);
    const manyText = `[]string{${many.map((s) => `"${s}"`).join(', ')}}`;
    expect(podMessage({ dnsConfig: { searches: many } })).toBe(podInvalid(`spec.dnsConfig.searches: Invalid value: ${manyText}: must not have more than 32 search paths`));
    const long = Array.from({ length: 9 }, (_, i) => `${String(i).repeat(63)}.${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(36)}`);
    expect(podMessage({ dnsConfig: { searches: long } })).toBe(
      podInvalid(`spec.dnsConfig.searches: Invalid value: []string{${long.map((s) => `"${s}"`).join(', ')}}: must not have more than 2048 characters (including spaces) in the search list`),
    );
    expect(podMessage({ dnsConfig: { searches: ['ok.example.com.', 'Bad_Domain.', '.'], options: [{ name: 'ndots', value: '2' }, { value: '1' }] } })).toBe(
      podInvalid(`spec.dnsConfig.searches[1]: Invalid value: "Bad_Domain": ${SUBDOMAIN}`, `spec.dnsConfig.searches[2]: Invalid value: "": ${SUBDOMAIN}`, 'spec.dnsConfig.options[1]: Required value: must not be empty'),
    );
  });
});

describe('hostAliases', () => {
  it('an IP and subdomain hostnames', () => {
    expect(podMessage({ hostAliases: [{ ip: '10.0.0.256', hostnames: ['db', 'DB.local'] }, { hostnames: ['x'] }] })).toBe(
      podInvalid(
        `spec.hostAliases[0].ip: Invalid value: "10.0.0.256": ${BAD_IP}`,
        `spec.hostAliases[0].hostnames[1]: Invalid value: "DB.local": ${SUBDOMAIN}`,
        `spec.hostAliases[1].ip: Invalid value: "": ${BAD_IP}`,
      ),
    );
    accepted({ hostAliases: [{ ip: '127.0.0.1', hostnames: ['foo.local', 'bar.local'] }, { ip: '::ffff:10.1.2.3', hostnames: ['v6'] }] });
  });
});

describe('IP addresses as netutils.ParseIPSloppy reads them', () => {
  it.each([
    ['10.9.8.7', true],
    ['010.009.008.007', true],
    ['255.255.255.255', true],
    ['256.1.1.1', false],
    ['1.2.3', false],
    ['1.2.3.4.5', false],
    ['2001:db8::ffff', true],
    ['::', true],
    ['::1', true],
    ['1::', true],
    ['1:2:3:4:5:6:7:8', true],
    ['1:2:3:4:5:6:7:8:9', false],
    ['1:2:3:4:5:6:7::8', false],
    ['1::2::3', false],
    ['::ffff:1.2.3.4', true],
    ['1:2:3:4:5:6:1.2.3.4', true],
    ['1:2:3:4:5:1.2.3.4', false],
    ['fe80::1%eth0', false],
    ['12345::', false],
    ['', false],
    ['example.com', false],
  ])('%s -> %s', (ip, valid) => expect(isGoIP(ip)).toBe(valid));
});
