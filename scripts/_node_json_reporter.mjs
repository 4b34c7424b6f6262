// A node:test reporter that prints one JSON object per finished top-level test,
// so scripts/run_recipes.mjs can attribute results and durations to files
// (Node's built-in junit reporter does not name the file a test came from).
export default async function* jsonReporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const data = event.data;
    // A file that fails to load is reported as a failing test named after the file.
    if (data.nesting !== 0) continue;
    const error = data.details?.error;
    yield `${
      JSON.stringify({
        file: data.file,
        name: data.name,
        passed: event.type === 'test:pass',
        ms: data.details?.duration_ms ?? 0,
        message: error === undefined ? undefined : String(error.cause?.message ?? error.message),
      })
    }\n`;
  }
}
