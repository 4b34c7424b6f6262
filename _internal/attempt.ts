/**
 * How the doubles' asynchronous methods fail: always by rejecting, never by
 * throwing synchronously, as an `async` method of the real object would.
 *
 * @module
 */

/** Runs `body`, turning a synchronous throw into a rejection. */
export function attempt<T>(body: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(body());
  } catch (error) {
    return Promise.reject(error);
  }
}
