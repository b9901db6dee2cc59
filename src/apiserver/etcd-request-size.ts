/**
 * How big the request is that kube-apiserver's etcd3 store sends to etcd to write an object, and
 * whether etcd takes it. The store writes with one transaction (etcd client v3.5's
 * `kubernetes.OptimisticPut`): if the key's mod revision is the one read (0 for a create), put the
 * stored bytes at the key, else (updates only: `GetOnFailure`) read the key back.
 *
 * Two limits stand in the way, both at their defaults in kube-apiserver 1.32 and its test servers:
 * - the etcd client refuses to send a gRPC message over 2 MiB (clientv3's default
 *   MaxCallSendMsgSize; kube-apiserver does not set it): `rpc error: code = ResourceExhausted desc
 *   = trying to send message larger than max (N vs. 2097152)`, N the TxnRequest's size;
 * - the etcd server refuses a raft proposal (the InternalRaftRequest: a header with the request's
 *   ID, and the transaction) over `--max-request-bytes`, 1.5 MiB by default:
 *   `etcdserver: request is too large`.
 * kube-apiserver passes either through as an error it has no Status for: 500, no reason, its text
 * the message.
 */
import { statusFailure } from './status.js';
import type { StatusObject } from './types.js';
import { utf8Length } from './utf8.js';

/** etcd's `--max-request-bytes` default (embed.DefaultMaxRequestBytes: 1.5 MiB). */
export const ETCD_MAX_REQUEST_BYTES = 1_572_864;
/** clientv3's default MaxCallSendMsgSize (2 MiB). */
const CLIENT_MAX_SEND_BYTES = 2_097_152;
const REQUEST_TOO_LARGE = 'etcdserver: request is too large';
const SEND_TOO_LARGE = 'rpc error: code = ResourceExhausted desc = trying to send message larger than max';
/**
 * The request ID etcd puts in the header is a 64-bit number whose top 16 bits come from the
 * member's ID: 7 to 10 bytes as a varint. Counted at 10, as for the half of members whose ID
 * has its top bit set; another member takes up to 3 bytes more.
 */
const REQUEST_ID_BYTES = 10;

function varintBytes(n: number): number {
  let bytes = 1;
  for (let x = n; x >= 0x80; x = Math.floor(x / 0x80)) bytes++;
  return bytes;
}

/** A length-delimited field with a one-byte tag (field numbers below 16). */
function field(length: number): number {
  return 1 + varintBytes(length) + length;
}

export interface EtcdWrite {
  /** The etcd key (etcd-key.ts). */
  readonly key: string;
  /** The bytes stored at the key. */
  readonly valueBytes: number;
  /** The mod revision the write expects: the stored object's resourceVersion, 0 for a create. */
  readonly modRevision: number;
}

/** The size of the transaction (etcdserverpb.TxnRequest) OptimisticPut sends. */
export function txnRequestBytes(w: EtcdWrite): number {
  const key = utf8Length(w.key);
  // Compare{target: MOD (2), key, mod_revision}: the revision is a oneof member, written even when 0.
  const compare = 2 + field(key) + 1 + varintBytes(w.modRevision);
  // RequestOp{request_put: PutRequest{key, value}}; no lease (only objects with a TTL have one).
  const put = field(field(field(key) + field(w.valueBytes)));
  // RequestOp{request_range: RangeRequest{key}}, updates only.
  const get = w.modRevision === 0 ? 0 : field(field(field(key)));
  return field(compare) + put + get;
}

/** The size of the raft proposal (etcdserverpb.InternalRaftRequest{header: {ID}, txn}). */
export function raftRequestBytes(txnBytes: number): number {
  // The header is field 100 (a two-byte tag), a RequestHeader with its ID (field 1) alone.
  const headerMessage = 1 + REQUEST_ID_BYTES;
  const header = 2 + varintBytes(headerMessage) + headerMessage;
  return header + field(txnBytes);
}

/** The error etcd (or its client) answers the write with, or undefined when it takes it. */
export function etcdRejects(w: EtcdWrite, maxRequestBytes: number): StatusObject | undefined {
  const txn = txnRequestBytes(w);
  if (txn > CLIENT_MAX_SEND_BYTES) return statusFailure(500, `${SEND_TOO_LARGE} (${txn} vs. ${CLIENT_MAX_SEND_BYTES})`);
  if (raftRequestBytes(txn) > maxRequestBytes) return statusFailure(500, REQUEST_TOO_LARGE);
  return undefined;
}

/**
 * handlers.isTooLargeError: the errors after which create, update and non-apply patch try once
 * more without managedFields.
 */
export function isTooLargeForEtcd(status: StatusObject): boolean {
  return status.code === 500 && (status.message === REQUEST_TOO_LARGE || status.message.startsWith(SEND_TOO_LARGE));
}
