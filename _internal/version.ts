/**
 * The version of this package, written into each recorded interaction's
 * provenance. Kept equal to deno.json's `version` (a test checks it).
 *
 * @module
 */

/** This package's version. */
export const PACKAGE_VERSION = '0.1.0';
