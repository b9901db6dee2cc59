/**
 * The wire between an actor and the API server: sends requests through `serve`, keeps the
 * latest cluster state, records every write as a `RequestRecord`, and collects what the actor
 * prints. One `Wire` lives for one actor call; the outcome it produces is immutable.
 */
import { serve } from '../apiserver/server.js';
import {
  type ApiRequest,
  type ApiResponse,
  type ClusterState,
  type KubeObject,
  PATCH_CONTENT_TYPES,
  type ObjectRef,
} from '../apiserver/types.js';
import { isList, isMap, type Value } from '../value/value.js';
import type { ActorOutcome, AddonStatus, ContentType, OwnershipMigration, RequestRecord } from './actor.js';
import { collectionPath, coordinates, managerFromUserAgent, objectPath, query } from './resources.js';

export interface WireOptions {
  readonly userAgent: string;
  readonly now?: string;
}

type WriteRequest = Exclude<ApiRequest, { verb: 'get' } | { verb: 'list' } | { verb: 'delete' }>;

export class Wire {
  state: ClusterState;
  readonly requests: RequestRecord[] = [];
  stdout = '';
  stderr = '';
  readonly notes: string[] = [];
  readonly migrations: OwnershipMigration[] = [];

  constructor(
    state: ClusterState,
    readonly options: WireOptions,
  ) {
    this.state = state;
  }

  /** GET (not recorded). Returns the object or undefined on 404; other failures are returned as the response. */
  get(ref: ObjectRef, subresource?: string): ApiResponse {
    const request: ApiRequest = { verb: 'get', target: ref, ...(subresource ? { subresource } : {}) };
    return serve(this.state, request).response;
  }

  getObject(ref: ObjectRef, subresource?: string): KubeObject | undefined {
    const r = this.get(ref, subresource);
    return r.ok ? r.object : undefined;
  }

  /**
   * Sends a write, records it, and keeps the new state. `extraQuery` adds parameters that change
   * nothing here but that the real client sends (EKS's `timeout=10s`).
   */
  send(request: WriteRequest, purpose?: string, extraQuery: Readonly<Record<string, string>> = {}): ApiResponse {
    const opts = { userAgent: this.options.userAgent, ...(this.options.now ? { now: this.options.now } : {}), ...(request.options ?? {}) };
    const sent = { ...request, options: opts } as WriteRequest;
    const result = serve(this.state, sent);
    this.state = result.state;
    this.requests.push(this.record(sent, result.response, purpose, extraQuery));
    return result.response;
  }

  private record(request: WriteRequest, response: ApiResponse, purpose: string | undefined, extraQuery: Readonly<Record<string, string>>): RequestRecord {
    const o = request.options ?? {};
    const force = 'force' in o ? (o as { force?: boolean }).force : undefined;
    const dryRun = o.dryRun === true || (Array.isArray(o.dryRun) && o.dryRun.includes('All'));
    const subresource = o.subresource || undefined;
    let verb: RequestRecord['verb'];
    let contentType: ContentType;
    let body: Value;
    let ref: { apiVersion: string; kind: string; name: string; namespace?: string };
    switch (request.verb) {
      case 'create':
        verb = 'POST';
        contentType = 'application/json';
        body = request.body;
        ref = refOf(request.body, request.target);
        break;
      case 'update':
        verb = 'PUT';
        contentType = 'application/json';
        body = request.body;
        ref = refOf(request.body, request.target);
        break;
      case 'patch':
        verb = 'PATCH';
        contentType = PATCH_CONTENT_TYPES[request.patchType] as ContentType;
        body = request.patch;
        ref = { apiVersion: request.target.apiVersion, kind: request.target.kind ?? '', name: request.target.name, namespace: request.target.namespace };
        break;
      case 'apply':
        verb = 'PATCH';
        contentType = 'application/apply-patch+yaml';
        body = request.body;
        ref = refOf(typeof request.body === 'string' ? {} : request.body, request.target);
        break;
    }
    const c = coordinates(this.state, ref.apiVersion, ref.kind, ref.name, ref.namespace);
    const path = request.verb === 'create' ? collectionPath(c) : objectPath(c, subresource);
    // Go clients encode the options with omitempty: an empty field manager is not sent at all.
    const q = query({
      ...(dryRun ? { dryRun: 'All' } : {}),
      ...(o.fieldManager ? { fieldManager: o.fieldManager } : {}),
      ...(o.fieldValidation !== undefined ? { fieldValidation: o.fieldValidation } : {}),
      ...(force !== undefined ? { force: String(force) } : {}),
      ...extraQuery,
    });
    const userAgent = o.userAgent ?? '';
    return {
      verb,
      uri: path + q,
      target: { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name, ...(c.namespaced ? { namespace: c.namespace } : {}) },
      contentType,
      ...(o.fieldManager ? { fieldManager: o.fieldManager } : {}),
      effectiveManager: o.fieldManager || managerFromUserAgent(userAgent),
      userAgent,
      ...(force !== undefined ? { force } : {}),
      dryRun,
      ...(subresource ? { subresource } : {}),
      body,
      code: response.code,
      responseBody: response.ok ? response.object : (response.status as unknown as Value),
      ...(response.ok
        ? {}
        : {
            failure: {
              reason: response.status.reason ?? '',
              message: response.status.message,
              ...(response.status.details?.causes ? { causes: response.status.details.causes.map((c) => ({ ...c })) } : {}),
              ...(response.undeclaredFields ? { undeclaredFields: response.undeclaredFields } : {}),
            },
          }),
      ...(purpose ? { purpose } : {}),
      ...(response.forgivenConflicts ? { forgivenConflicts: response.forgivenConflicts.map((c) => ({ ...c })) } : {}),
    };
  }

  /**
   * DELETE, recorded with the DeleteOptions `body` the client sends (JSON; the server here needs
   * none of it: objects go at once).
   */
  /** A DELETE whose DeleteOptions are `body`; its `dryRun` list (kubectl's `--dry-run=server`) is what the server reads. */
  delete(ref: ObjectRef, body: Value, purpose?: string): ApiResponse {
    const dryRun = isMap(body) && isList(body.dryRun) ? body.dryRun.filter((v): v is string => typeof v === 'string') : undefined;
    const options = { ...(dryRun ? { dryRun } : {}), ...(this.options.now ? { now: this.options.now } : {}) };
    const result = serve(this.state, { verb: 'delete', target: ref, ...(Object.keys(options).length > 0 ? { options } : {}) });
    this.state = result.state;
    const response = result.response;
    const c = coordinates(this.state, ref.apiVersion, ref.kind ?? '', ref.name, ref.namespace);
    this.requests.push({
      verb: 'DELETE',
      uri: objectPath(c),
      target: { apiVersion: ref.apiVersion, kind: ref.kind ?? '', name: ref.name, ...(c.namespaced ? { namespace: c.namespace } : {}) },
      contentType: 'application/json',
      effectiveManager: managerFromUserAgent(this.options.userAgent),
      userAgent: this.options.userAgent,
      dryRun: dryRun !== undefined && dryRun.length > 0,
      body,
      code: response.code,
      responseBody: response.ok ? response.object : (response.status as unknown as Value),
      ...(response.ok ? {} : { failure: { reason: response.status.reason ?? '', message: response.status.message } }),
      ...(purpose ? { purpose } : {}),
    });
    return response;
  }

  print(text: string): void {
    this.stdout += text;
  }

  printError(text: string): void {
    this.stderr += text;
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /** Records a migration of client-side-apply ownership the server accepted. */
  migrated(migration: OwnershipMigration): void {
    this.migrations.push(migration);
  }

  outcome(exitCode: number, addon?: AddonStatus): ActorOutcome {
    return {
      state: this.state,
      stdout: this.stdout,
      stderr: this.stderr,
      exitCode,
      requests: this.requests.slice(),
      ...(addon ? { addon } : {}),
      ...(this.notes.length > 0 ? { notes: this.notes.slice() } : {}),
      ...(this.migrations.length > 0 ? { migrations: this.migrations.slice() } : {}),
    };
  }
}

function refOf(body: Value, target: Partial<ObjectRef> | undefined): { apiVersion: string; kind: string; name: string; namespace?: string } {
  const b = (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, Value>;
  const meta = (b.metadata !== null && typeof b.metadata === 'object' && !Array.isArray(b.metadata) ? b.metadata : {}) as Record<string, Value>;
  return {
    apiVersion: target?.apiVersion ?? (typeof b.apiVersion === 'string' ? b.apiVersion : ''),
    kind: target?.kind ?? (typeof b.kind === 'string' ? b.kind : ''),
    name: target?.name ?? (typeof meta.name === 'string' ? meta.name : ''),
    namespace: target?.namespace ?? (typeof meta.namespace === 'string' ? meta.namespace : undefined),
  };
}
