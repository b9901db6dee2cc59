/**
 * resource.Quantity as the API server stores it. The cases are the facts of upstream's
 * k8s.io/apimachinery/pkg/api/resource quantity tests (TestQuantityParse, TestQuantityString,
 * TestQuantityParseEmit, TestQuantityRoundUp, the invalid inputs), plus the examples the server's
 * users meet. Properties (fixed seed): canonicalisation is idempotent and keeps the value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalQuantity,
  ERR_FORMAT_WRONG,
  ERR_SUFFIX,
  formatQuantity,
  parseQuantity,
  type Quantity,
  type QuantityFormat,
  roundUpQuantity,
} from '../../src/apiserver/quantity.js';

function parsed(text: string): Quantity {
  const r = parseQuantity(text);
  if (!r.ok) throw new Error(`${text}: ${r.error}`);
  return r.quantity;
}

/** The exact value as a reduced fraction string `m×10^e`, for comparisons. */
function valueOf(q: Quantity): string {
  if (q.mantissa === 0n) return '0';
  let m = q.mantissa;
  let e = q.exponent;
  while (m % 10n === 0n) {
    m /= 10n;
    e++;
  }
  return `${m}e${e}`;
}

function dec(mantissa: bigint | number, exponent: number): string {
  return valueOf({ mantissa: BigInt(mantissa), exponent, format: 'DecimalSI' });
}

const MAX = (1n << 63n) - 1n;

describe('parsing (TestQuantityParse)', () => {
  const table: [string, string, QuantityFormat][] = [
    ['0', dec(0, 0), 'DecimalSI'],
    ['0n', dec(0, 0), 'DecimalSI'],
    ['0Ki', dec(0, 0), 'BinarySI'],
    ['0Ti', dec(0, 0), 'BinarySI'],
    ['1', dec(1, 0), 'DecimalSI'],
    ['1Ki', dec(1024, 0), 'BinarySI'],
    ['7Mi', dec(7 * 1024 * 1024, 0), 'BinarySI'],
    ['3Ei', dec(3n * 1024n ** 6n, 0), 'BinarySI'],
    ['100Ti', dec(100n * 1024n ** 4n, 0), 'BinarySI'],
    ['5n', dec(5, -9), 'DecimalSI'],
    ['4u', dec(4, -6), 'DecimalSI'],
    ['50k', dec(5, 4), 'DecimalSI'],
    ['300T', dec(3, 14), 'DecimalSI'],
    ['1E', dec(1, 18), 'DecimalSI'],
    ['1E-3', dec(1, -3), 'DecimalExponent'],
    ['1e3', dec(1, 3), 'DecimalExponent'],
    ['1E18', dec(1, 18), 'DecimalExponent'],
    ['1e14', dec(1, 14), 'DecimalExponent'],
    ['100.035k', dec(100035, 0), 'DecimalSI'],
    ['0.0005k', dec(5, -1), 'DecimalSI'],
    ['0.00500', dec(5, -3), 'DecimalSI'],
    ['0.5e-2', dec(5, -3), 'DecimalExponent'],
    ['10.035M', dec(10035, 3), 'DecimalSI'],
    ['1.3E+6', dec(13, 5), 'DecimalExponent'],
    ['1.53E12', dec(153, 10), 'DecimalExponent'],
    ['6.987654321G', dec(6987654321, 0), 'DecimalSI'],
    ['1.01E', dec(101, 16), 'DecimalSI'],
    ['3.001n', dec(4, -9), 'DecimalSI'],
    ['1.1E-9', dec(2, -9), 'DecimalExponent'],
    ['0.0000000001', dec(1, -9), 'DecimalSI'],
    ['0.00000000050', dec(1, -9), 'DecimalSI'],
    ['0.9n', dec(1, -9), 'DecimalSI'],
    ['0.00000012345', dec(124, -9), 'DecimalSI'],
    ['9Ei', dec(MAX, 0), 'BinarySI'],
    ['9223372036854775807Ki', dec(MAX, 0), 'BinarySI'],
    ['12E', dec(12, 18), 'DecimalSI'],
    ['100.035Ki', dec(10243584, -2), 'BinarySI'],
    ['0.5Mi', dec(524288, 0), 'BinarySI'],
    ['0.025Ti', dec(274877906944, -1), 'BinarySI'],
    ['0.000000000001Ki', dec(2, -9), 'DecimalSI'],
    ['.001', dec(1, -3), 'DecimalSI'],
    ['.0001k', dec(100, -3), 'DecimalSI'],
    ['1.', dec(1, 0), 'DecimalSI'],
    ['1.G', dec(1, 9), 'DecimalSI'],
  ];
  it.each(table)('%s', (input, value, format) => {
    const q = parsed(input);
    expect(valueOf(q)).toBe(value);
    expect(q.format).toBe(format);
    // The same with a sign.
    const neg = parsed(`-${input}`);
    expect(valueOf(neg)).toBe(value === '0' ? '0' : `-${value}`);
    expect(valueOf(parsed(`+${input}`))).toBe(value);
  });

  it.each(['1.1.M', '1+1.0M', '0.1mi', '0.1am', 'aoeu', '.5i', '1i', '-3.01i', '-3.01e-', ' 1', '1 ', ''])('rejects %j', (input) => {
    expect(parseQuantity(input).ok).toBe(false);
  });

  it('words its errors as the package does', () => {
    expect(parseQuantity('abc')).toEqual({ ok: false, error: ERR_FORMAT_WRONG });
    expect(parseQuantity('1Qi')).toEqual({ ok: false, error: ERR_FORMAT_WRONG });
    expect(parseQuantity('1e')).toEqual({ ok: false, error: ERR_SUFFIX });
    expect(ERR_FORMAT_WRONG).toBe("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  });
});

describe('canonical text (TestQuantityString, TestQuantityParseEmit)', () => {
  // [input, stored text]
  const table: [string, string][] = [
    // TestQuantityString: the alternate spelling is stored as the canonical one.
    ['1024Mi', '1Gi'],
    ['307200Ki', '300Mi'],
    ['1025024Mi', '1001Gi'],
    ['1024Gi', '1Ti'],
    ['5000m', '5'],
    ['0.5', '500m'],
    ['1000M', '1G'],
    ['0.001T', '1G'],
    ['1000u', '1m'],
    ['1.08', '1080m'],
    ['1080000000n', '1080m'],
    ['.001e12', '1e9'],
    ['0.001e0', '1e-3'],
    ['1000e-12', '1e-9'],
    ['00', '0'],
    // TestQuantityParseEmit
    ['1Ki', '1Ki'],
    ['1Mi', '1Mi'],
    ['1Gi', '1Gi'],
    ['.001Ki', '1024m'],
    ['.000001Ki', '1024u'],
    ['.000000001Ki', '1024n'],
    ['.000000000001Ki', '2n'],
    // The examples of the issue and the package's doc comment.
    ['2048Mi', '2Gi'],
    ['1000m', '1'],
    ['1.5Gi', '1536Mi'],
    ['1.5', '1500m'],
    ['100M', '100M'],
    ['1e3', '1e3'],
    ['1000', '1k'],
    ['0.5Ki', '512'],
    ['1.1Ki', '1126400m'],
    ['9Ei', '9223372036854775807'],
    ['-1024', '-1024'],
    ['-1024Ki', '-1Mi'],
    // Text kept as written when the fast path sees canonical-looking digits.
    ['+1', '+1'],
    ['1E3', '1E3'],
    ['1.500k', '1.500k'],
    ['01', '01'],
    ['1.G', '1.G'],
  ];
  it.each(table)('%s is stored as %s', (input, stored) => {
    expect(canonicalQuantity(input)).toEqual({ ok: true, text: stored });
  });

  // TestQuantityString's expected texts parse back to themselves, and negate with a `-`.
  it.each(['1Gi', '300Mi', '6Ki', '1001Gi', '1Ti', '5', '500m', '1G', '1m', '80m', '1080m', '300M', '1T', '1E', '1234567M', '1234567m', '3k', '1025', '0', '1e9', '1e-3', '1e-9', '80e-3', '300e6', '1e12', '1e3', '3e3', '1n', '80n', '1080n', '1u', '80u', '1080u'])(
    '%s is canonical',
    (text) => {
      expect(canonicalQuantity(text)).toEqual({ ok: true, text });
      if (text !== '0') expect(canonicalQuantity(`-${text}`)).toEqual({ ok: true, text: `-${text}` });
    },
  );
});

describe('RoundUp (TestQuantityRoundUp, SetDefaults_ResourceList)', () => {
  const table: [string, number, string][] = [
    ['9.01', -3, dec(901, -2)],
    ['9.01', -2, dec(901, -2)],
    ['9.01', -1, dec(91, -1)],
    ['9.01', 0, dec(10, 0)],
    ['9.01', 1, dec(10, 0)],
    ['9.01', 2, dec(100, 0)],
    ['-9.01', -1, dec(-91, -1)],
    ['-9.01', 2, dec(-100, 0)],
  ];
  it.each(table)('%s at scale %d', (input, scale, value) => {
    expect(valueOf(roundUpQuantity(parsed(input), scale))).toBe(value);
  });

  it('rounds sub-milli resource values up to 1m and drops the kept text', () => {
    expect(formatQuantity(roundUpQuantity(parsed('0.0001'), -3))).toBe('1m');
    expect(formatQuantity(roundUpQuantity(parsed('1.500m'), -3))).toBe('2m');
    expect(formatQuantity(roundUpQuantity(parsed('+1'), -3))).toBe('+1');
  });
});

describe('properties', () => {
  const seed = Number(process.env.FC_SEED ?? 20261123);
  const suffix = fc.constantFrom('', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'P', 'E', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei', 'e3', 'E-2', 'e0', 'e-9', 'e+12');
  const text = fc
    .tuple(fc.constantFrom('', '-', '+'), fc.stringMatching(/^[0-9]{0,22}$/), fc.option(fc.stringMatching(/^[0-9]{0,12}$/)), suffix)
    .map(([sign, int, frac, suf]) => `${sign}${int || (frac ? '' : '0')}${frac !== null ? `.${frac}` : ''}${suf}`);

  /** |value| <= 2^63-1: beyond it the package's own slow path caps what its fast path kept. */
  const inRange = (q: Quantity): boolean => {
    const m = q.mantissa < 0n ? -q.mantissa : q.mantissa;
    return q.exponent >= 0 ? m * 10n ** BigInt(q.exponent) <= MAX : m <= MAX * 10n ** BigInt(-q.exponent);
  };

  it('stores every valid quantity in a form that parses back to the same text and value', () => {
    fc.assert(
      fc.property(text, (t) => {
        const r = parseQuantity(t);
        fc.pre(r.ok && inRange(r.quantity));
        if (!r.ok) return;
        const stored = formatQuantity(r.quantity);
        const again = parsed(stored);
        expect(formatQuantity(again)).toBe(stored);
        expect(valueOf(again)).toBe(valueOf(r.quantity));
      }),
      { seed, numRuns: 2000 },
    );
  });

  it('keeps the suffix family: binary stays binary at or above 1Ki when integral', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom('Ki', 'Mi', 'Gi'), (n, suf) => {
        expect(formatQuantity(parsed(`${n}${suf}`))).toMatch(/^[0-9]+(Ki|Mi|Gi|Ti|Pi)$/);
      }),
      { seed, numRuns: 300 },
    );
  });
});
