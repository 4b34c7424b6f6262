/**
 * The listener contract of the scripted transport (the one the SDK's own
 * transport double keeps), on a plain `Map` rather than `node:events` (not
 * platform-neutral) or `EventTarget` (which swallows listener errors, keeps
 * calling later listeners, always reports listeners and deduplicates them).
 *
 * - `emit` is synchronous and walks a copy of the registrations, so listeners
 *   added or removed while it runs take effect from the next `emit`.
 * - A `once` registration is removed before its listener runs.
 * - A listener's exception propagates out of `emit` at once; later listeners
 *   are not called.
 * - `emit` returns whether the event had any registration.
 * - `off` removes one registration: the most recent one for that listener.
 * - No event is special: an unheard `'error'` does not throw, and `'*'` is not
 *   emitted automatically.
 *
 * @module
 */

// deno-lint-ignore no-explicit-any
type AnyListener = (...args: any[]) => void;

interface Registration {
  readonly listener: AnyListener;
  readonly once: boolean;
}

/** Synchronous, platform-neutral event registrations keyed by event name. */
export class ListenerRegistry {
  readonly #byEvent = new Map<PropertyKey, Registration[]>();

  on(event: PropertyKey, listener: AnyListener): void {
    this.#add(event, { listener, once: false });
  }

  once(event: PropertyKey, listener: AnyListener): void {
    this.#add(event, { listener, once: true });
  }

  off(event: PropertyKey, listener: AnyListener): void {
    const registrations = this.#byEvent.get(event);
    if (registrations === undefined) return;
    const index = registrations.findLastIndex((r) => r.listener === listener);
    if (index !== -1) this.#remove(event, registrations, index);
  }

  /** Whether `event` has any registration (what `emit` would return). */
  has(event: PropertyKey): boolean {
    return this.#byEvent.has(event);
  }

  emit(event: PropertyKey, args: readonly unknown[]): boolean {
    const registrations = this.#byEvent.get(event);
    if (registrations === undefined) return false;
    for (const registration of registrations.slice()) {
      if (registration.once) {
        const index = registrations.indexOf(registration);
        if (index !== -1) this.#remove(event, registrations, index);
      }
      // Called as a method of its registration: the SDK's own double does the
      // same, so a listener sees the same `this` with either double.
      registration.listener(...args);
    }
    return true;
  }

  #add(event: PropertyKey, registration: Registration): void {
    const registrations = this.#byEvent.get(event);
    if (registrations === undefined) this.#byEvent.set(event, [registration]);
    else registrations.push(registration);
  }

  #remove(event: PropertyKey, registrations: Registration[], index: number): void {
    registrations.splice(index, 1);
    // An emptied event must report "no listeners" again.
    if (registrations.length === 0) this.#byEvent.delete(event);
  }
}
