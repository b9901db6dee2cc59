/**
 * Real kubectl against `ssa-sim serve`: custom resources that break the schema keywords beyond
 * type and enum (multipleOf, a supported format, anyOf, a Go-only pattern, a pattern RE2 refuses)
 * are refused with the 422 kube-apiserver 1.32 gives, which kubectl prints as
 * `The Widget "w" is invalid: ...`; nothing is stored.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { widgetCrd } from '../support/widget-crd.js';

const available = kubectlAvailable();

const CRD = widgetCrd(`
step:
  type: integer
  multipleOf: 5
when:
  type: string
  format: date
size:
  type: integer
  anyOf:
  - minimum: 10
  - maximum: 2
tail:
  type: string
  pattern: '^[a-z]+\\z'
twice:
  type: string
  pattern: '^(a)\\1$'
`);
const widget = (spec: string) => `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: default\nspec:\n  ${spec}\n`;

describe.skipIf(!available)('kubectl and the schema keywords of a custom resource', () => {
  const at = serverWithKubectl();
  it('apply -f of a value multipleOf, format, anyOf or a Go pattern refuses prints the 422; a fitting one is created', { timeout: 120_000 }, async () => {
    expect((await at.k.run(['apply', '-f', at.k.file('crd.yaml', CRD)])).code).toBe(0);
    const apply = (name: string, spec: string) => at.k.run(['apply', '-f', at.k.file(name, widget(spec))]);
    const step = await apply('step.yaml', 'step: 7');
    expect(step.stderr).toBe('The Widget "w" is invalid: spec.step: Invalid value: 7: spec.step in body should be a multiple of 5\n');
    expect(step.code).toBe(1);
    const when = await apply('when.yaml', 'when: "2024-02-30"');
    expect(when.stderr).toBe('The Widget "w" is invalid: spec.when: Invalid value: "2024-02-30": spec.when in body must be of type date: "2024-02-30"\n');
    const size = await apply('size.yaml', 'size: 5');
    expect(size.stderr).toBe(
      'The Widget "w" is invalid: \n* <nil>: Invalid value: "": "spec.size" must validate at least one schema (anyOf)\n* spec.size: Invalid value: 5: spec.size in body should be greater than or equal to 10\n',
    );
    const tail = await apply('tail.yaml', 'tail: ABC');
    expect(tail.stderr).toBe("The Widget \"w\" is invalid: spec.tail: Invalid value: \"ABC\": spec.tail in body should match '^[a-z]+\\z'\n");
    const twice = await apply('twice.yaml', 'twice: aa');
    expect(twice.stderr).toBe(
      "The Widget \"w\" is invalid: spec.twice: Invalid value: \"aa\": spec.twice in body should match '^(a)\\1$, but pattern is invalid: error parsing regexp: invalid escape sequence: `\\1`'\n",
    );
    const none = await at.k.run(['get', 'widgets', '-n', 'default']);
    expect(none.stderr).toBe('No resources found in default namespace.\n');
    const good = await apply('good.yaml', 'step: 10\n  when: "2024-02-29"\n  size: 12\n  tail: abc');
    expect(good.stdout).toBe('widget.example.com/w created\n');
  });
});
