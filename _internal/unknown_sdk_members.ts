/**
 * A double's early check that the installed SDK has no boundary member the
 * double does not know.
 *
 * The peer range admits every SDK release below 1.0, including ones published
 * after this package. When such a release adds a method to an interface a
 * double stands in for, the double would silently lack it, and a test could
 * pass where the real component behaves differently. Where the SDK ships a
 * runtime class that implements the interface, a double compares that class's
 * public members with the ones it knows and refuses to be created, naming the
 * new members, instead of leaving the gap.
 *
 * @module
 */

/**
 * The public members (not `_`-prefixed) of a class's prototype chain, below
 * `Object.prototype`, sorted.
 */
export function publicMembers(type: abstract new (...args: never[]) => unknown): string[] {
  const names = new Set<string>();
  for (
    let proto: object | null = type.prototype as object;
    proto !== null && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (!name.startsWith('_') && name !== 'constructor') names.add(name);
    }
  }
  return [...names].sort();
}

/** What {@linkcode UnknownSdkMembersError} is constructed from. */
export interface UnknownSdkMembersErrorOptions {
  /** The double that refused to be created, e.g. `"ScriptedRealtimeTransport"`. */
  double: string;
  /** The SDK class compared, e.g. `"OpenAIRealtimeWebSocket"`. */
  sdkClass: string;
  /** The SDK package the class comes from, e.g. `"@openai/agents-realtime"`. */
  sdkPackage: string;
  /** The class's public members the double does not know, sorted. */
  members: readonly string[];
}

/**
 * Thrown when a double is created next to an SDK release whose implementation
 * of the doubled interface has public members this package does not know: the
 * SDK is newer than this release of `scripted-agents`, and the double could
 * silently lack a method the real component has.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { UnknownSdkMembersError } from 'scripted-agents/realtime_testing';
 *
 * const error = new UnknownSdkMembersError({
 *   double: 'ScriptedRealtimeTransport',
 *   sdkClass: 'OpenAIRealtimeWebSocket',
 *   sdkPackage: '@openai/agents-realtime',
 *   members: ['sendVideo'],
 * });
 * assert.deepEqual(error.members, ['sendVideo']);
 * assert.match(error.message, /does not know sendVideo/);
 * ```
 */
export class UnknownSdkMembersError extends Error {
  /** The double that refused to be created. */
  readonly double: string;
  /** The SDK class compared. */
  readonly sdkClass: string;
  /** The SDK package the class comes from. */
  readonly sdkPackage: string;
  /** The class's public members the double does not know, sorted. */
  readonly members: readonly string[];
  /** Always `'UnknownSdkMembersError'`. */
  override readonly name: 'UnknownSdkMembersError';

  /** Builds the error from its structured fields; the message names the members and the way out. */
  constructor(options: UnknownSdkMembersErrorOptions) {
    const members = Object.freeze([...options.members]);
    super(
      `${options.double} does not know ${members.join(', ')} of the installed ` +
        `${options.sdkPackage} (${options.sdkClass}): the SDK is newer than this release of ` +
        `scripted-agents, and the double would silently lack ${
          members.length === 1 ? 'that member' : 'those members'
        }. Upgrade scripted-agents, or pin ${options.sdkPackage} to the newest release it ` +
        `lists as tested.`,
    );
    this.double = options.double;
    this.sdkClass = options.sdkClass;
    this.sdkPackage = options.sdkPackage;
    this.members = members;
    this.name = 'UnknownSdkMembersError';
  }
}

/**
 * Throws {@linkcode UnknownSdkMembersError} when `sdkType` has public members
 * outside `known`. The answer never changes within a process, so it is cached
 * per class.
 */
export function assertKnownSdkMembers(
  sdkType: abstract new (...args: never[]) => unknown,
  known: ReadonlySet<string>,
  names: Omit<UnknownSdkMembersErrorOptions, 'members'>,
): void {
  let byType = checked.get(known);
  if (byType === undefined) checked.set(known, byType = new WeakMap());
  let unknown = byType.get(sdkType);
  if (unknown === undefined) {
    unknown = publicMembers(sdkType).filter((name) => !known.has(name));
    byType.set(sdkType, unknown);
  }
  if (unknown.length > 0) throw new UnknownSdkMembersError({ ...names, members: unknown });
}

const checked = new WeakMap<ReadonlySet<string>, WeakMap<object, string[]>>();
