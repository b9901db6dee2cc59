/**
 * The customizations file of `addon-check`: a YAML list of named user changes, each a list of
 * steps in scenario action syntax (docs/scenarios.md), checked up front with every problem at
 * its line and column.
 *
 *   - name: set-env-new-variable
 *     description: kubectl set env adds WARM_IP_TARGET
 *     install: add-on manager        # or: kubectl apply (the self-managed install)
 *     steps:
 *       - kubectl-set-env: {resource: daemonset/aws-node, namespace: kube-system, env: {WARM_IP_TARGET: "5"}}
 */
import { DocNode } from '../scenarios/doc-reader.js';
import { parseClusterStep } from '../scenarios/parse-scenario.js';
import { readYamlDocument, readYamlDocuments } from '../scenarios/read-yaml.js';
import type { Customization, CustomizationFile, InstallKind } from './model.js';

const KEYS = ['name', 'description', 'install', 'steps'];
const INSTALLS: readonly InstallKind[] = ['add-on manager', 'kubectl apply'];

export function parseCustomizations(text: string, file: string): CustomizationFile {
  // A file with no document (empty, or only comments) lists no customizations.
  const doc = readYamlDocuments(text, file).length === 0 ? readYamlDocument('[]', file) : readYamlDocument(text, file);
  const root = new DocNode(doc, [], doc.value, new Set());
  const seen = new Map<string, string>();
  const customizations = root.items('a list of customizations, each with name and steps').map((n): Customization => {
    n.map('a customization: a map with name, description, install and steps');
    n.onlyKeys(KEYS);
    const nameNode = n.require('name', "the customization's name");
    const name = nameNode.string("the customization's name");
    if (name === '') throw nameNode.error('the name is empty');
    const earlier = seen.get(name);
    if (earlier) throw nameNode.error(`the name ${JSON.stringify(name)} is taken (at ${earlier})`);
    seen.set(name, `line ${nameNode.source.line ?? '?'}`);
    const installNode = n.get('install');
    const install = installNode ? installNode.string() : 'add-on manager';
    if (!(INSTALLS as readonly string[]).includes(install)) throw installNode!.expected(INSTALLS.map((i) => JSON.stringify(i)).join(' or '));
    const stepsNode = n.require('steps', 'a list of steps in scenario action syntax');
    const steps = stepsNode.items('a list of steps in scenario action syntax').map((s, i) => {
      s.map('a step: a map with one action');
      const expect = s.get('expect');
      if (expect) throw expect.error('a customization is a user change, not a test: it takes no expectations', 'key');
      return parseClusterStep(s, i);
    });
    if (steps.length === 0) throw stepsNode.error('expected at least one step');
    return { name, description: n.get('description')?.string() ?? '', install: install as InstallKind, steps, source: n.source };
  });
  return { file, doc, customizations };
}
