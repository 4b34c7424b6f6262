/**
 * What a browser case file exports. Every `tests/browser/*_case.ts` file is
 * bundled and run in a real page by `npm run test:browser`
 * (scripts/run_browser_tests.mjs): adding a case is adding one such file that
 * exports `cases`.
 *
 * Case files run in the page, so they use web-standard APIs only (no `node:*`,
 * hence the small assertions of `_assert.ts`), and import the doubles by their
 * public names (`scripted-agents/testing`, `scripted-agents/realtime_testing`),
 * which the bundler maps to this repository's sources.
 *
 * @module
 */

/** One browser test: a name and a body that throws or rejects on failure. */
export interface BrowserCase {
  readonly name: string;
  readonly run: () => void | Promise<void>;
}

/** The result of one case, as the page reports it to the script. */
export interface BrowserCaseResult {
  readonly file: string;
  readonly name: string;
  readonly ok: boolean;
  readonly error?: string;
  readonly ms: number;
}
