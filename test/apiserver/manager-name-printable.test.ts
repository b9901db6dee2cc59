/**
 * Go's unicode.IsPrint as the manager-name rules use it: the ASCII answers come without the
 * Unicode expression (src/apiserver/manager-name.ts), and must be the expression's answers.
 */
import { describe, expect, it } from 'vitest';
import { isPrint, prefixFromUserAgent } from '../../src/apiserver/manager-name.js';

const UNICODE_PRINT = /[\p{L}\p{M}\p{N}\p{P}\p{S} ]/u;

describe('isPrint', () => {
  it('answers every ASCII character as the Unicode classes do', () => {
    const differ: number[] = [];
    for (let cp = 0; cp < 0x80; cp++) if (isPrint(String.fromCharCode(cp)) !== UNICODE_PRINT.test(String.fromCharCode(cp))) differ.push(cp);
    expect(differ).toEqual([]);
  });

  it('still asks the classes beyond ASCII', () => {
    expect(['é', 'ß', '→', '€', '\u00a0', '\u200b', '\u0085'].map(isPrint)).toEqual([true, true, true, true, false, false, false]);
    expect(prefixFromUserAgent('kub\u0007ectl\u00a0é/v1.32')).toBe('kubectlé');
  });
});
