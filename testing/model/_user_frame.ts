/**
 * Where a double's error appears to come from: the stack of an error a
 * double throws straight to the test (`assertComplete()`, a malformed step
 * given to a constructor) is taken again from the caller of the double's
 * method, so a runner's code frame shows the test's line, not this package's
 * (bundled) code.
 *
 * `Error.captureStackTrace(error, method)` does this in V8 (Node, Deno,
 * Chromium) and in JavaScriptCore (Bun, Safari) alike, and leaves the message
 * header as it is; where it does not exist (Firefox) the stack stays as the
 * engine made it. It is used only for methods the test itself calls, so
 * `method` is on the stack: an engine that does not find it would drop every
 * frame.
 *
 * @module
 */

type CaptureStackTrace = (target: object, constructorOpt?: unknown) => void;

/** `error`, its stack starting at the caller of `method` where the engine can do that. */
export function fromCaller<E>(error: E, method: unknown): E {
  const capture = (Error as { captureStackTrace?: CaptureStackTrace }).captureStackTrace;
  if (typeof capture === 'function' && error instanceof Error) capture(error, method);
  return error;
}
