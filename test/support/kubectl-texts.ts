/**
 * kubectl's fixed help block after a server-side apply conflict, byte for byte as the docs give
 * it (apiserver-semantics §4.6), with its final newline. Tests compare output against this one
 * copy, independently of the source's own constant.
 */
export const KUBECTL_CONFLICT_HELP = `Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts
`;
