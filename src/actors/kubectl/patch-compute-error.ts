/**
 * A patch kubectl cannot compute from its inputs (apimachinery's strategicpatch errors, e.g. a
 * merged list whose items are not all of one type); kubectl reports it and sends nothing.
 */
export class PatchComputeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatchComputeError';
  }
}
