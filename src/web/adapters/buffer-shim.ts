/**
 * ADAPTER (playground only): src/apiserver, src/actors and src/manifest count UTF-8 bytes with
 * Node's `Buffer.byteLength` (manager names, annotation sizes, YAML keys). Browsers have no
 * `Buffer`; this installs the one function they use, with the same result, when it is missing.
 * Imported first by main.ts.
 */
interface ByteLengthOnly {
  byteLength(text: string, encoding?: string): number;
}

const encoder = new TextEncoder();
const g = globalThis as unknown as { Buffer?: ByteLengthOnly };
if (g.Buffer === undefined) {
  g.Buffer = { byteLength: (text: string) => encoder.encode(text).length };
}

export {};
