// Surviving mutants that no test can kill, each with the reason. scripts/run_mutation.mjs
// matches an entry by file, mutator, the original source text and the replacement, so the
// entries survive edits that only move code around.
//
// { file, mutator, original, replacement, reason }
export const equivalents = [];
