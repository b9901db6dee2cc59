import { describe, expect, it } from 'vitest';
import { type Path, type PathElement, comparePathElements } from '../../src/fieldpath/path-element.js';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { f, i, k, v } from './helpers.js';

/**
 * structured-merge-diff v6.4.2 fieldpath/path_test.go TestPathString (how a path prints, as in
 * conflict messages) and fieldpath/element_test.go TestPathElementLess (the total order of path
 * elements, engine-semantics §1.2). Not carried over: element_test.go's TestPathElementSet and the
 * zero-value element of TestPathElementLess (a Go container and a Go zero value, neither of which
 * the engine has).
 */

describe('fieldpath/path_test.go: a path as text', () => {
  it.each([
    ['basic1', [f('foo'), i(1)], '.foo[1]'],
    ['basic2', [f('foo'), f('bar'), i(1), f('baz')], '.foo.bar[1].baz'],
    ['associative-list-ref', [f('foo'), k({ a: 'b', c: 1, d: 1.5, e: true })], '.foo[a="b",c=1,d=1.5,e=true]'],
    ['sets', [f('foo'), v('b'), v(5), v(false), v(3.14159)], '.foo[="b"][=5][=false][=3.14159]'],
    ['simple field', [f('spec')], '.spec'],
    ['app container image', [f('spec'), f('apps'), k({ name: 'app-🚀' }), f('container'), f('image')], '.spec.apps[name="app-🚀"].container.image'],
    [
      'app port',
      [f('spec'), f('apps'), k({ name: 'app-💻' }), f('container'), f('ports'), k({ name: 'port-🔑' }), f('containerPort')],
      '.spec.apps[name="app-💻"].container.ports[name="port-🔑"].containerPort',
    ],
    ['field with space', [f('spec'), f('field with space')], '.spec.field with space'],
    ['value with space', [f('spec'), f('apps'), v('app with space'), f('container'), f('image')], '.spec.apps[="app with space"].container.image'],
    ['value with quotes', [f('spec'), f('apps'), v('app with "quotes"'), f('container'), f('image')], '.spec.apps[="app with \\"quotes\\""].container.image'],
    ['value with unicode', [f('spec'), f('apps'), v('app-with-unicøde'), f('container'), f('image')], '.spec.apps[="app-with-unicøde"].container.image'],
  ] as [string, Path, string][])('%s', (_name, path, text) => {
    expect(pathToString(path)).toBe(text);
  });
});

describe('fieldpath/element_test.go: which element sorts first', () => {
  it.each([
    ['FieldName-1', f('anteater'), f('zebra'), false],
    ['FieldName-2', f('bee'), f('bee'), true],
    ['FieldName-3', f('capybara'), k({ dog: 3 }), false],
    ['FieldName-4', f('elephant'), v(4), false],
    ['FieldName-5', f('falcon'), i(5), false],
    ['Key-1', k({ goat: 1 }), k({ goat: 1 }), true],
    ['Key-2', k({ horse: 1 }), k({ horse: 2 }), false],
    ['Key-3', k({ ibex: 1 }), k({ jay: 1 }), false],
    ['Key-4', k({ kite: 1 }), k({ kite: 1, 'kite-2': 1 }), false],
    ['Key-5', k({ kite: 1 }), v(1), false],
    ['Key-6', k({ kite: 1 }), i(5), false],
    ['Value-1', v(1), v(2), false],
    ['Value-2', v(1), v(1), true],
    ['Value-3', v(1), i(1), false],
    ['Index-1', i(1), i(2), false],
    ['Index-2', i(1), i(1), true],
  ] as [string, PathElement, PathElement, boolean][])('%s', (_name, a, b, equal) => {
    if (equal) {
      expect(comparePathElements(a, b)).toBe(0);
      expect(comparePathElements(b, a)).toBe(0);
    } else {
      expect(comparePathElements(a, b)).toBeLessThan(0);
      expect(comparePathElements(b, a)).toBeGreaterThan(0);
    }
    expect(comparePathElements(b, b)).toBe(0);
  });
});
