/**
 * A thin stateful wrapper over the pure server: holds the current `ClusterState`, keeps every
 * state it went through (`history`), and offers one method per verb.
 */
import type { Value } from '../value/value.js';
import { createCluster, serve, withAdmission, withTime } from './server.js';
import type {
  AdmissionHook,
  ApiRequest,
  ApiResponse,
  ClusterOptions,
  ClusterState,
  KubeObject,
  ObjectRef,
  PatchOptions,
  PatchType,
  WriteOptions,
} from './types.js';

export class Cluster {
  private current: ClusterState;
  private readonly states: ClusterState[] = [];

  constructor(options: ClusterOptions | ClusterState) {
    this.current = 'config' in options && 'objects' in options ? options : createCluster(options as ClusterOptions);
    this.states.push(this.current);
  }

  get state(): ClusterState {
    return this.current;
  }

  /** Every state so far, the first one included. */
  get history(): readonly ClusterState[] {
    return this.states;
  }

  /** Sets the clock (RFC 3339 UTC) for the following requests. */
  setTime(now: string): this {
    return this.replace(withTime(this.current, now));
  }

  addAdmission(hook: AdmissionHook): this {
    return this.replace(withAdmission(this.current, hook));
  }

  request(req: ApiRequest): ApiResponse {
    const r = serve(this.current, req);
    if (r.state !== this.current) this.replace(r.state);
    return r.response;
  }

  apply(body: string | KubeObject, options: PatchOptions & { target?: ObjectRef } = {}): ApiResponse {
    const { target, ...opts } = options;
    return this.request({ verb: 'apply', body, ...(target ? { target } : {}), options: opts });
  }

  create(body: KubeObject, options: WriteOptions = {}): ApiResponse {
    return this.request({ verb: 'create', body, options });
  }

  update(body: KubeObject, options: WriteOptions & { target?: ObjectRef } = {}): ApiResponse {
    const { target, ...opts } = options;
    return this.request({ verb: 'update', body, ...(target ? { target } : {}), options: opts });
  }

  patch(target: ObjectRef, patchType: PatchType, patch: string | Value, options: PatchOptions = {}): ApiResponse {
    return this.request({ verb: 'patch', target, patchType, patch, options });
  }

  get(target: ObjectRef, subresource?: string): ApiResponse {
    return this.request({ verb: 'get', target, ...(subresource ? { subresource } : {}) });
  }

  /** The stored object, or undefined. */
  object(target: ObjectRef): KubeObject | undefined {
    const r = this.get(target);
    return r.ok ? r.object : undefined;
  }

  list(apiVersion: string, kind: string, namespace?: string): ApiResponse {
    return this.request({ verb: 'list', apiVersion, kind, ...(namespace ? { namespace } : {}) });
  }

  delete(target: ObjectRef, options: { dryRun?: boolean } = {}): ApiResponse {
    return this.request({ verb: 'delete', target, options });
  }

  private replace(state: ClusterState): this {
    this.current = state;
    this.states.push(state);
    return this;
  }
}
