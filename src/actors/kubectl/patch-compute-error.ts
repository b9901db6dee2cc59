/**
 * A patch kubectl cannot compute from its inputs (apimachinery's strategicpatch errors, e.g. a
 * merged list whose items are not all of one type); kubectl reports it and sends nothing.
 *
 * kubectl's patcher (k8s.io/kubectl v0.32 pkg/cmd/apply/patcher.go, patchSimple) computes a
 * built-in kind's patch up to three times: with the server's OpenAPI v3 document, then its v2
 * document, then its compiled-in types, warning after each failed try. The message is the last
 * try's; `openApiV3` and `openApiV2` are the first two tries' (the same, but for a field the type
 * does not have, which each kind of schema words its own way).
 */
export class PatchComputeError extends Error {
  readonly openApiV3: string;
  readonly openApiV2: string;

  constructor(message: string, tries?: { readonly openApiV3: string; readonly openApiV2: string }) {
    super(message);
    this.name = 'PatchComputeError';
    this.openApiV3 = tries?.openApiV3 ?? message;
    this.openApiV2 = tries?.openApiV2 ?? message;
  }
}

/**
 * A map or list value under a key its struct type does not have, which differs between the two
 * documents compared (strategicpatch looks its patch metadata up and fails; equal values need
 * none). `definition` is the type's OpenAPI name, e.g. `io.k8s.api.apps.v1.DeploymentSpec`.
 */
export function unknownFieldError(field: string, definition: string): PatchComputeError {
  const q = JSON.stringify(field);
  const struct = definition.slice(definition.lastIndexOf('.') + 1);
  return new PatchComputeError(`unable to find api field in struct ${struct} for the json field ${q}`, {
    openApiV3: `unable to find api field ${q}`,
    openApiV2: `unable to find api field ${q} in ${definition}`,
  });
}
