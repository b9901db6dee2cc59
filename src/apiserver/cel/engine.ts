/**
 * The CEL evaluator behind a CRD's `x-kubernetes-validations`: @marcbachmann/cel-js (a small,
 * dependency-free parser, checker and evaluator) with the Kubernetes library functions it lacks
 * registered on it (kube-library.ts).
 *
 * The library is loaded on first use only, when a custom resource's schema has a rule: the CLI's
 * commands and the server never pay for it otherwise (docs/performance.md, "Cold start"). It is
 * loaded synchronously through Node's `require` (which loads an ES module since Node 20.19), as
 * the API server is synchronous; where there is no Node (a browser), `celEngine()` is undefined
 * (every rule is reported as not evaluated) until the library is handed over (provideCelLibrary).
 *
 * `self` and `oldSelf` are declared `dyn`: values are typed by their conversion from the schema
 * (cel-values.ts), not by a declared type, so a type error kube-apiserver refuses when the CRD is
 * created surfaces here only when the rule runs (as an overload the evaluator does not find).
 */
import type * as CelJs from '@marcbachmann/cel-js';
import { registerKubeLibrary } from './kube-library.js';
import { registerQuantityLibrary } from './kube-quantity.js';
import { registerUrlLibrary } from './kube-url.js';
import { registerIpLibrary } from './kube-ip.js';
import { flattenNamespaces, originalNames } from './namespaced.js';
import { registerFormatLibrary } from './kube-format.js';

/** A rule compiled, or why it cannot be. */
export type Compiled = { readonly run: (vars: Record<string, unknown>) => unknown } | { readonly unsupported: string };

export interface CelEngine {
  /** `rule` compiled for `self` and `oldSelf` (an optional when `optionalOldSelf`). */
  compile(rule: string, optionalOldSelf: boolean): Compiled;
  readonly some: (v: unknown) => unknown;
  readonly none: () => unknown;
  /** A Go duration string as CEL's duration, or undefined when CEL cannot read it. */
  duration(text: string): unknown;
}

type Library = Pick<typeof CelJs, 'Environment' | 'Optional'>;

/** The engine once built (undefined inside: the library could not be loaded). */
let loaded: { readonly engine?: CelEngine } | undefined;
/** The library as a runtime without Node's require hands it over (the playground: provideCelLibrary). */
let provided: Library | undefined;

/** The engine, loaded on the first call; undefined where the library cannot be loaded. */
export function celEngine(): CelEngine | undefined {
  loaded ??= { engine: buildEngine(provided ?? loadLibrary()) };
  return loaded.engine;
}

/**
 * Hands over the library where it cannot be required synchronously (a browser, which imports it
 * as a chunk of its own): the rules run from then on.
 */
export function provideCelLibrary(library: Library): void {
  provided = library;
  loaded = undefined;
}

/**
 * The bundled command (vite.cli.config.ts) builds the library into a file of its own beside the
 * entries and defines this as its path from the chunks, which load it with the bundle's require;
 * elsewhere (tests, the tsc build) it is the package, loaded by Node's require.
 */
declare const __SSA_SIM_CEL_LIBRARY__: string | undefined;

function loadLibrary(): Library | undefined {
  try {
    if (typeof __SSA_SIM_CEL_LIBRARY__ === 'string') return bundleRequire()(__SSA_SIM_CEL_LIBRARY__) as Library;
    const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const nodeModule = process?.getBuiltinModule?.('node:module') as typeof import('node:module') | undefined;
    if (nodeModule === undefined) return undefined;
    return nodeModule.createRequire(import.meta.url)('@marcbachmann/cel-js') as Library;
  } catch {
    return undefined;
  }
}

/** The CommonJS require of the bundle's chunk this code is in (only there is it defined). */
function bundleRequire(): (spec: string) => unknown {
  return require;
}

function buildEngine(lib: Library | undefined): CelEngine | undefined {
  if (lib === undefined) return undefined;
  const optionals = { some: (v: unknown) => lib.Optional.of(v), none: () => lib.Optional.none() };
  const environment = (oldSelf: string) => {
    const env = new lib.Environment({ enableOptionalTypes: true, homogeneousAggregateLiterals: false });
    env.registerVariable('self', 'dyn');
    env.registerVariable('oldSelf', oldSelf);
    registerKubeLibrary(env);
    registerQuantityLibrary(env);
    registerUrlLibrary(env);
    registerIpLibrary(env);
    registerFormatLibrary(env, optionals);
    return env;
  };
  const plain = environment('dyn');
  const optional = environment('optional<dyn>');
  const cache = new Map<string, Compiled>();
  const compile = (rule: string, optionalOldSelf: boolean): Compiled => {
    const key = `${optionalOldSelf ? 'o' : 'p'}${rule}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const env = optionalOldSelf ? optional : plain;
    let compiled: Compiled;
    try {
      const source = flattenNamespaces(rule);
      const checked = env.check(source);
      if (!checked.valid) compiled = { unsupported: firstLine(checked.error?.message ?? 'does not compile') };
      else {
        const program = env.parse(source);
        compiled = { run: (vars) => program(vars) };
      }
    } catch (e) {
      compiled = { unsupported: firstLine(e instanceof Error ? e.message : String(e)) };
    }
    cache.set(key, compiled);
    return compiled;
  };
  return {
    compile,
    some: (v) => lib.Optional.of(v),
    none: () => lib.Optional.none(),
    duration: (text) => {
      try {
        return plain.evaluate('duration(self)', { self: text });
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * The library's messages end with a drawing of the expression under the error: the first line
 * says it, with the functions named as the rule names them.
 */
export function firstLine(message: string): string {
  return originalNames(message.split('\n')[0]?.trim() ?? '');
}
