/**
 * What engine.ts uses of the CEL library: the entry of the file the bundled command loads it from
 * (vite.cli.config.ts), its named exports only.
 */
export { Environment, Optional } from '@marcbachmann/cel-js';
