/**
 * The files a docs example runs on when it names them without showing them (`in=NAME` in the
 * block's mark, test/docs/doc-blocks.ts): each is made in a folder of its own before the example
 * runs. A name ending in `/` is an empty folder.
 */

/** A live object as `kubectl get -o yaml --show-managed-fields` prints it. */
const LIVE = `apiVersion: v1
kind: ConfigMap
metadata:
  name: c
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1: {"f:data": {"f:a": {}}}
    manager: kubectl
    time: "2024-02-24T15:24:31Z"
    operation: Apply
data:
  a: "1"
`;
export const DOC_INPUTS: Record<string, Record<string, string | Uint8Array>> = {
  /** docs/cli.md: paths -f cannot read. */
  'cli-paths': { 'live.yaml': LIVE, 'empty-dir/': '' },
  /** docs/cli.md: the second object of app.yaml has no kind. */
  'cli-kind': {
    'live.yaml': LIVE,
    'app.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nmetadata:\n  name: b\n',
  },
  /** docs/cli.md: a Latin-1 byte at line 13, a control character at line 7. */
  'cli-bytes': {
    'live.yaml': LIVE,
    'latin1.yaml': Buffer.concat([Buffer.from(LIVE.replace('  a: "1"\n', '  a: ca')), Buffer.from([0xe9, 0x0a])]),
    'app.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: default\ndata:\n  a: "x\u0001"\n',
  },
  /** docs/live-objects.md: a managedFields time Go cannot read. */
  'live-time': { 'live.yaml': LIVE.replace('time: "2024-02-24T15:24:31Z"', 'time: yesterday') },
  /** docs/ownership.md: a kind no schema declares. */
  widget: {
    'widget.yaml': 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: default\n  managedFields:\n  - apiVersion: example.com/v1\n    fieldsType: FieldsV1\n    fieldsV1: {"f:spec": {"f:size": {}}}\n    manager: alice\n    operation: Apply\nspec:\n  size: 1\n',
  },
};
