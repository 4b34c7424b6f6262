/**
 * The page side of `npm run test:browser`: runs the cases of every case file
 * one after the other, then posts the results to the loopback server that
 * served the page (`POST /report`). The script generates the module that
 * imports the case files and calls {@linkcode runBrowserCases}.
 *
 * @module
 */

import type { BrowserCase, BrowserCaseResult } from './_case.ts';

/** Runs every case and reports; never throws (a failing case is a result). */
export async function runBrowserCases(
  files: readonly { readonly file: string; readonly cases: readonly BrowserCase[] }[],
): Promise<void> {
  const results: BrowserCaseResult[] = [];
  for (const { file, cases } of files) {
    for (const { name, run } of cases) {
      const started = performance.now();
      try {
        await run();
        results.push({ file, name, ok: true, ms: performance.now() - started });
      } catch (error) {
        const text = error instanceof Error
          ? `${error.name}: ${error.message}\n${error.stack ?? ''}`
          : String(error);
        results.push({ file, name, ok: false, error: text, ms: performance.now() - started });
      }
    }
  }
  await fetch('/report', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userAgent: navigator.userAgent, results }),
  });
}
