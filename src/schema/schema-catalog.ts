/**
 * A schema catalog: the types of one or more schema sources (built-in Kubernetes types, schema
 * YAML, OpenAPI documents, CRDs) in one Schema, and which type serves each apiVersion + kind.
 * Catalogs are immutable; `combineCatalogs` builds a new one where later sources win.
 */
import type { Value } from '../value/value.js';
import { SsaError } from '../errors/ssa-error.js';
import { DEDUCED_TYPE_NAME, deducedSchemaDecl } from './deduced.js';
import type { TypeDef } from './model.js';
import { Schema } from './schema.js';

/** A kind a catalog knows: its API version, its type, and (when known) its REST resource. */
export interface KindInfo {
  /** `v1` for the core group, `<group>/<version>` otherwise. */
  readonly apiVersion: string;
  /** `''` for the core group. */
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** Name of the root type in the catalog's schema. */
  readonly typeName: string;
  /** True for namespaced resources, false for cluster-scoped ones; undefined when unknown. */
  readonly namespaced?: boolean;
  /** Plural resource name (`daemonsets`); undefined when unknown or not a resource (`Scale`). */
  readonly resource?: string;
  /** Singular resource name discovery reports (a CRD's `names.singular`); undefined: the lower-cased kind. */
  readonly singular?: string;
  /** Short names discovery reports (`ds`); undefined when unknown. */
  readonly shortNames?: readonly string[];
  /** Categories discovery reports (`all`); undefined when none. */
  readonly categories?: readonly string[];
  /** The status and scale subresources, when known (built-in kinds, CRDs that declare them). */
  readonly subresources?: KindSubresources;
  /** True for a kind a CustomResourceDefinition declares (served as a custom resource). */
  readonly custom?: boolean;
  /** A custom kind's `additionalPrinterColumns` at this version, as its CRD gives them (absent: none). */
  readonly printerColumns?: readonly PrinterColumn[];
  /**
   * A custom kind's `openAPIV3Schema` as its CRD gives it (structural, not converted): what the
   * API server's OpenAPI documents publish for it. The catalog's types keep only what merging needs.
   */
  readonly openApiSchema?: Value;
}

/** One of a CRD version's `additionalPrinterColumns`. */
export interface PrinterColumn {
  readonly name: string;
  /** integer, number, string, boolean or date. */
  readonly type: string;
  readonly format: string;
  readonly description: string;
  readonly priority: number;
  readonly jsonPath: string;
}

/** Where a scale subresource finds replicas and the selector, as field names from the root. */
export interface ScalePaths {
  readonly specReplicasPath: readonly string[];
  readonly statusReplicasPath: readonly string[];
  /** Absent: the Scale has no `status.selector`. */
  readonly labelSelectorPath?: readonly string[];
}

export interface KindSubresources {
  readonly status: boolean;
  readonly scale?: ScalePaths;
}

export interface SchemaCatalog {
  /** Every type of every source, with `__untyped_deduced_` and `__untyped_atomic_`. */
  readonly schema: Schema;
  /** The type serving apiVersion + kind, or undefined. */
  typeFor(apiVersion: string, kind: string): string | undefined;
  /** Every kind, in the order the sources give them (a later source's entry replaces an earlier one). */
  kinds(): KindInfo[];
  /** Things a user should know about the sources (e.g. references to types none defines). */
  readonly warnings: readonly string[];
  /** One description per source searched, in order, for messages (`built-in Kubernetes schema`, `CRD file x.yaml`). */
  readonly sources: readonly string[];
}

export interface CatalogParts {
  readonly types: readonly TypeDef[];
  readonly kinds?: readonly KindInfo[];
  readonly warnings?: readonly string[];
  readonly sources: readonly string[];
}

/** A catalog of these types and kinds (the deduced types are added first, so sources may refer to them). */
export function makeCatalog(parts: CatalogParts): SchemaCatalog {
  return new Catalog(parts);
}

class Catalog implements SchemaCatalog {
  readonly schema: Schema;
  readonly warnings: readonly string[];
  readonly sources: readonly string[];
  /** What the catalog was made of, for combining. */
  readonly parts: CatalogParts;
  private readonly byKind = new Map<string, KindInfo>();

  constructor(parts: CatalogParts) {
    for (const k of parts.kinds ?? []) {
      const key = kindKey(k.apiVersion, k.kind);
      this.byKind.delete(key); // a replaced kind moves to its new place
      this.byKind.set(key, k);
    }
    this.schema = new Schema({ types: [...deducedSchemaDecl().types, ...parts.types] });
    this.warnings = Object.freeze([...(parts.warnings ?? [])]);
    this.sources = Object.freeze([...parts.sources]);
    this.parts = { ...parts, kinds: [...this.byKind.values()] };
  }

  typeFor(apiVersion: string, kind: string): string | undefined {
    return this.byKind.get(kindKey(apiVersion, kind))?.typeName;
  }

  kinds(): KindInfo[] {
    return [...this.byKind.values()];
  }
}

/** The types and kinds a catalog was made of (its schema's declarations for a foreign catalog). */
export function catalogParts(catalog: SchemaCatalog): CatalogParts {
  if (catalog instanceof Catalog) return catalog.parts;
  return { types: catalog.schema.decl.types, kinds: catalog.kinds(), warnings: catalog.warnings, sources: catalog.sources };
}

/** One catalog of several: a later catalog's types and kinds replace an earlier one's of the same name. */
export function combineCatalogs(...catalogs: readonly SchemaCatalog[]): SchemaCatalog {
  if (catalogs.length === 1) return catalogs[0];
  const parts = catalogs.map(catalogParts);
  return makeCatalog({
    types: parts.flatMap((p) => p.types),
    kinds: parts.flatMap((p) => p.kinds ?? []),
    warnings: parts.flatMap((p) => p.warnings ?? []),
    sources: parts.flatMap((p) => p.sources),
  });
}

function kindKey(apiVersion: string, kind: string): string {
  return `${apiVersion}\n${kind}`;
}

/** `apps/v1` → {group: 'apps', version: 'v1'}; `v1` → {group: '', version: 'v1'}. */
export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export interface ResolvedKind {
  readonly typeName: string;
  /** True when the catalog had no type and the deduced schema stands in. */
  readonly deduced: boolean;
  readonly warnings: readonly string[];
}

export interface ResolveKindOptions {
  /** Use the deduced schema (with a warning) instead of failing when the catalog has no type. */
  readonly allowDeduced?: boolean;
  /** How the user can proceed deduced, for the message (e.g. the CLI flag). */
  readonly deducedHint?: string;
}

/**
 * The type for apiVersion + kind. When the catalog has none: with `allowDeduced`, the deduced
 * schema and a warning; otherwise SsaError('UNKNOWN_KIND') saying which sources were searched.
 */
export function resolveKind(catalog: SchemaCatalog, apiVersion: string, kind: string, opts: ResolveKindOptions = {}): ResolvedKind {
  const typeName = catalog.typeFor(apiVersion, kind);
  if (typeName !== undefined) return { typeName, deduced: false, warnings: [] };
  const searched = catalog.sources.length > 0 ? catalog.sources.join(', ') : 'no schema sources';
  const others = catalog
    .kinds()
    .filter((k) => k.kind === kind)
    .map((k) => k.apiVersion);
  const also = others.length > 0 ? ` (known for ${others.join(', ')})` : '';
  const what = `no schema for kind ${JSON.stringify(kind)} in apiVersion ${JSON.stringify(apiVersion)}${also}; searched: ${searched}`;
  if (opts.allowDeduced) {
    return { typeName: DEDUCED_TYPE_NAME, deduced: true, warnings: [`${what}; using the deduced schema (every list atomic, every map granular)`] };
  }
  const hint = opts.deducedHint ?? 'proceed with the deduced schema';
  throw new SsaError(
    'UNKNOWN_KIND',
    `${what}. Give its schema (--schema FILE with OpenAPI or schema YAML, --crd FILE for a custom resource), or ${hint} (every list atomic, every map granular)`,
  );
}
