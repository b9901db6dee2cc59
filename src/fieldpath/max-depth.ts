/**
 * The one nesting limit of the engine: a field path has at most this many elements, in objects
 * (a value nested this deep, counting maps and lists) and in FieldsV1 alike, so that every object
 * and every field set the engine produces is accepted again on the next request. The reference
 * allows 10,000; ssa-sim's walkers recurse on the JS stack and overflow it a little past 1,300
 * levels, so the limit leaves them a margin.
 */
export const MAX_PATH_DEPTH = 1000;
