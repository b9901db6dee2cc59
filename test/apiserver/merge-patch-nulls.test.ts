/**
 * JSON merge patch as kube-apiserver 1.32 applies it (gopkg.in/evanphx/json-patch.v4 v4.12.0,
 * merge.go): the RFC 7386 cases and TestMergePatchNilArray of its merge_test.go, whose targets are
 * objects, and what its pruning does to the maps inside a list that replaces a value: their null
 * entries are dropped (a list's own null items stay), unless the list replaces a map.
 */
import { describe, expect, it } from 'vitest';
import { applyMergePatch } from '../../src/apiserver/patch/merge-patch.js';
import { parseJsonExact } from '../../src/value/parse-json.js';
import type { Value } from '../../src/value/value.js';

const parseJson = (text: string) => parseJsonExact(text) as Value;

const merged = (target: string, patch: string) => JSON.stringify(applyMergePatch(parseJson(target), parseJson(patch)));
const same = (json: string) => JSON.stringify(parseJson(json));

describe('merge patch: the upstream library\'s own cases (object targets)', () => {
  const cases: [string, string, string][] = [
    // TestMergePatchRFCCases
    ['{"a":"b"}', '{"a":"c"}', '{"a":"c"}'],
    ['{"a":"b"}', '{"b":"c"}', '{"a":"b","b":"c"}'],
    ['{"a":"b"}', '{"a":null}', '{}'],
    ['{"a":"b","b":"c"}', '{"a":null}', '{"b":"c"}'],
    ['{"a":["b"]}', '{"a":"c"}', '{"a":"c"}'],
    ['{"a":"c"}', '{"a":["b"]}', '{"a":["b"]}'],
    ['{"a":{"b":"c"}}', '{"a":{"b":"d","c":null}}', '{"a":{"b":"d"}}'],
    ['{"a":[{"b":"c"}]}', '{"a":[1]}', '{"a":[1]}'],
    ['{"e":null}', '{"a":1}', '{"e":null,"a":1}'],
    ['{}', '{"a":{"bb":{"ccc":null}}}', '{"a":{"bb":{}}}'],
    // TestMergePatchNilArray
    ['{"a":[{"b":"c"}]}', '{"a":[null,1]}', '{"a":[null,1]}'],
    ['{"a":["b"]}', '{"a":["b",null]}', '{"a":["b",null]}'],
    ['{"a":[]}', '{"a":["b",null,null,"a"]}', '{"a":["b",null,null,"a"]}'],
  ];
  for (const [target, patch, want] of cases) {
    it(`${target} + ${patch}`, () => expect(merged(target, patch)).toBe(same(want)));
  }
});

describe('merge patch: null entries of the maps inside a list', () => {
  it('are dropped when the list is new, or replaces a list or a scalar', () => {
    expect(merged('{}', '{"a":[{"b":null,"c":1},null,[{"d":null}]]}')).toBe('{"a":[{"c":1},null,[{}]]}');
    expect(merged('{"a":[{"b":"x"}]}', '{"a":[{"b":null,"c":1}]}')).toBe('{"a":[{"c":1}]}');
    expect(merged('{"a":"s"}', '{"a":[{"b":null}]}')).toBe('{"a":[{}]}');
    expect(merged('{"a":null}', '{"a":{"l":[{"b":null}]}}')).toBe('{"a":{"l":[{}]}}');
  });

  it('stay when the list replaces a map (the library returns such a value as sent)', () => {
    expect(merged('{"a":{"x":1}}', '{"a":[{"b":null}]}')).toBe('{"a":[{"b":null}]}');
  });
});
