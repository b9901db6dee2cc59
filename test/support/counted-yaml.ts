/**
 * The `yaml` package with its uses counted, for tests that show a path never starts it:
 *
 *   const { started, countedYaml } = await vi.hoisted(() => import('../support/counted-yaml.js'));
 *   vi.mock('yaml', countedYaml);
 *
 * Each Parser and Composer made through the package's exports, and each parseDocument call (which
 * makes its own parser and composer inside the package), adds one.
 */
export const started = { parsers: 0, composers: 0, documents: 0 };

export async function countedYaml(importOriginal: () => Promise<unknown>): Promise<object> {
  const actual = (await importOriginal()) as typeof import('yaml');
  class CountedParser extends actual.Parser {
    constructor(...args: ConstructorParameters<typeof actual.Parser>) {
      super(...args);
      started.parsers++;
    }
  }
  class CountedComposer extends actual.Composer {
    constructor(...args: ConstructorParameters<typeof actual.Composer>) {
      super(...args);
      started.composers++;
    }
  }
  const parseDocument = ((...args: Parameters<typeof actual.parseDocument>) => {
    started.documents++;
    return actual.parseDocument(...args);
  }) as typeof actual.parseDocument;
  return { ...actual, Parser: CountedParser, Composer: CountedComposer, parseDocument };
}
