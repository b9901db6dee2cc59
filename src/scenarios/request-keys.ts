/**
 * The keys of a scenario's raw `request:` step, per verb, declared once against the API server's
 * request types (the compiler checks each declaration has every key of its type and no other).
 */
import type { ApiRequest, DeletePreconditions, DeleteRequest, ObjectRef, PatchOptions, WriteOptions } from '../apiserver/types.js';

type Keys<T> = { readonly [K in keyof Required<T>]: true };
type Verb = ApiRequest['verb'];

const writeOptions: Keys<WriteOptions> = { fieldManager: true, userAgent: true, dryRun: true, subresource: true, now: true, fieldValidation: true };
const patchOptions: Keys<PatchOptions> = { ...writeOptions, force: true };
const deleteOptions: Keys<NonNullable<DeleteRequest['options']>> = { dryRun: true, preconditions: true, now: true };
export const PRECONDITION_KEYS: readonly string[] = Object.keys({ uid: true, resourceVersion: true } satisfies Keys<DeletePreconditions>);

export const REQUEST_KEYS = {
  get: { verb: true, target: true, subresource: true },
  list: { verb: true, apiVersion: true, kind: true, resource: true, namespace: true, labelSelector: true, fieldSelector: true },
  create: { verb: true, body: true, target: true, options: true },
  update: { verb: true, body: true, target: true, options: true },
  patch: { verb: true, target: true, patchType: true, patch: true, options: true },
  apply: { verb: true, body: true, target: true, options: true },
  delete: { verb: true, target: true, options: true },
} as const satisfies { readonly [V in Verb]: Keys<Extract<ApiRequest, { verb: V }>> };

type Undeclared = { readonly [V in Verb]: Exclude<keyof (typeof REQUEST_KEYS)[V], keyof Extract<ApiRequest, { verb: V }>> };
const noExtraKeys: { readonly [V in Verb]: never } = {} as Undeclared;
void noExtraKeys;

/** The keys of `options` per verb (none for get and list). */
export const REQUEST_OPTION_KEYS: { readonly [V in Verb]: readonly string[] } = {
  get: [],
  list: [],
  create: Object.keys(writeOptions),
  update: Object.keys(writeOptions),
  patch: Object.keys(patchOptions),
  apply: Object.keys(patchOptions),
  delete: Object.keys(deleteOptions),
};

export const TARGET_KEYS: readonly string[] = Object.keys({ apiVersion: true, kind: true, resource: true, namespace: true, name: true } satisfies Keys<ObjectRef>);

export const VERBS = Object.keys(REQUEST_KEYS) as Verb[];

export function isVerb(v: unknown): v is Verb {
  return typeof v === 'string' && (VERBS as string[]).includes(v);
}
