/**
 * The server's generated documents (OpenAPI v2, and v3 per group/version), kept as text with their hashes
 * for as long as the set of served resources stays the same (a CRD created at run time makes a
 * new set, and new documents).
 */
import { createHash } from 'node:crypto';
import type { CatalogLike, ResourceType } from '../apiserver/types.js';
import { openApiV2Document } from './openapi-v2.js';
import { openApiV2Protobuf } from './openapi-v2-protobuf.js';
import { groupVersionPath, openApiV3Document, servedGroupVersionPaths } from './openapi-v3.js';

export interface GeneratedDocument {
  readonly text: string;
  /** Upper-case hex SHA-256 of the text: kubectl caches documents by it. */
  readonly hash: string;
}

export class DocumentCache {
  private resources: readonly ResourceType[] | undefined;
  private catalog: CatalogLike | undefined;
  private readonly v3 = new Map<string, GeneratedDocument | undefined>();
  private v2: GeneratedDocument | undefined;
  private v2Protobuf: Uint8Array | undefined;

  constructor(private readonly serverVersion: string) {}

  private sync(catalog: CatalogLike, resources: readonly ResourceType[]): void {
    if (this.resources === resources && this.catalog === catalog) return;
    this.resources = resources;
    this.catalog = catalog;
    this.v3.clear();
    this.v2 = undefined;
    this.v2Protobuf = undefined;
  }

  /** The `/openapi/v2` document: every served path and definition. */
  openApiV2(catalog: CatalogLike, resources: readonly ResourceType[]): GeneratedDocument {
    this.sync(catalog, resources);
    this.v2 ??= withHash(JSON.stringify(openApiV2Document(catalog, resources, this.serverVersion)));
    return this.v2;
  }

  /** The same document in gnostic's protobuf messages (openapi-v2-protobuf.ts). */
  openApiV2Protobuf(catalog: CatalogLike, resources: readonly ResourceType[]): Uint8Array {
    const json = this.openApiV2(catalog, resources);
    this.v2Protobuf ??= openApiV2Protobuf(JSON.parse(json.text));
    return this.v2Protobuf;
  }

  /** The v3 document at `api/v1` / `apis/G/V`, or undefined when nothing is served there. */
  openApiV3(catalog: CatalogLike, resources: readonly ResourceType[], group: string, version: string): GeneratedDocument | undefined {
    this.sync(catalog, resources);
    const key = groupVersionPath(group, version);
    if (!this.v3.has(key)) {
      const doc = openApiV3Document(catalog, resources, group, version, this.serverVersion);
      this.v3.set(key, doc ? withHash(JSON.stringify(doc)) : undefined);
    }
    return this.v3.get(key);
  }

  /** The `/openapi/v3` index: every group/version with its document's URL and hash. */
  openApiV3Index(catalog: CatalogLike, resources: readonly ResourceType[]): object {
    const paths: Record<string, { serverRelativeURL: string }> = {};
    for (const key of servedGroupVersionPaths(resources)) {
      const [, ...rest] = key.split('/');
      const group = rest.length === 2 ? rest[0] : '';
      const version = rest[rest.length - 1];
      const doc = this.openApiV3(catalog, resources, group, version);
      if (doc) paths[key] = { serverRelativeURL: `/openapi/v3/${key}?hash=${doc.hash}` };
    }
    return { paths };
  }
}

function withHash(text: string): GeneratedDocument {
  return { text, hash: createHash('sha256').update(text).digest('hex').toUpperCase() };
}
