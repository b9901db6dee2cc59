/**
 * RFC 3339 as Go's time.Parse(time.RFC3339, ...) reads it (metav1.Time): what Go refuses is
 * refused, never rolled over to another day as JavaScript's Date.parse does.
 */
import { describe, expect, it } from 'vitest';
import { normalizeTime } from '../../src/apiserver/managed-fields.js';
import { parseRfc3339 } from '../../src/apiserver/rfc3339-time.js';

describe('parseRfc3339', () => {
  it('reads the forms Go reads', () => {
    expect(parseRfc3339('2024-02-24T15:24:31Z')).toBe(Date.UTC(2024, 1, 24, 15, 24, 31));
    expect(parseRfc3339('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
    expect(parseRfc3339('2024-02-24T15:24:31.987654Z')).toBe(Date.UTC(2024, 1, 24, 15, 24, 31, 987));
    expect(parseRfc3339('2024-02-24T15:24:31,5+01:30')).toBe(Date.UTC(2024, 1, 24, 13, 54, 31, 500));
    expect(parseRfc3339('2024-02-24T5:24:31-02:00')).toBe(Date.UTC(2024, 1, 24, 7, 24, 31));
    expect(new Date(parseRfc3339('0000-01-01T00:00:00Z')!).toISOString()).toBe('0000-01-01T00:00:00.000Z');
    expect(new Date(parseRfc3339('9999-12-31T23:59:59Z')!).toISOString()).toBe('9999-12-31T23:59:59.000Z');
  });

  it('refuses what Go refuses, days that do not exist included', () => {
    for (const t of [
      'yesterday',
      '2024-01-01',
      '2024-01-01 00:00:00Z',
      '2024-01-01t00:00:00Z',
      '2024-01-01T00:00:00z',
      '2024-01-01T00:00:00',
      '2024-02-30T00:00:00Z',
      '2023-02-29T00:00:00Z',
      '2024-04-31T00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-00-01T00:00:00Z',
      '2024-01-00T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T23:60:00Z',
      '2024-01-01T23:59:60Z',
      '2024-01-01T23:59:59.Z',
      '24-01-01T00:00:00Z',
      '12024-01-01T00:00:00Z',
      '2024-01-01T00:00:00+0100',
    ]) {
      expect([t, parseRfc3339(t)]).toEqual([t, undefined]);
    }
  });
});

describe('normalizeTime (managedFields times the API server reads)', () => {
  it('a day that does not exist is an invalid time, not the next month', () => {
    expect(normalizeTime('2024-02-30T00:00:00Z')).toBe(false);
    expect(normalizeTime('2024-01-01T24:00:00Z')).toBe(false);
    expect(normalizeTime('2024-02-24T15:24:31.9+01:00')).toBe('2024-02-24T14:24:31Z');
  });
});
