/**
 * The errors of the runner integrations.
 *
 * @module
 */

/**
 * An agent named a model (or used the default one) and the SDK asked its
 * default model provider, a real one, while the test runs offline. Thrown at
 * once, before any request leaves the process.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealModelRequestError } from 'scripted-agents/runner';
 *
 * const error = new RealModelRequestError('gpt-4.1', 'weather › answers');
 * assert.equal(error.model, 'gpt-4.1');
 * assert.match(error.message, /allowNetwork\(\)/);
 * ```
 */
export class RealModelRequestError extends Error {
  /** The model name the SDK asked for (`undefined`: the SDK's default model). */
  readonly model: string | undefined;
  /** The running test's name. */
  readonly test: string;
  /** Always `'RealModelRequestError'`. */
  override readonly name: 'RealModelRequestError';

  /** Describes the request for `model` made by `test`. */
  constructor(model: string | undefined, test: string) {
    super(
      `Test "${test}" asked the SDK's default (real) model provider for ` +
        `${model === undefined || model === '' ? 'its default model' : `model "${model}"`}, ` +
        'and tests run offline: nothing was sent. Give the agent a ScriptedModel, or run it ' +
        'with a ScriptedModelProvider (new Runner({ modelProvider })) that routes model names ' +
        'to scripts; to really call the provider, call allowNetwork() in this test (or at the ' +
        'top of the file, outside any test, for every test of the file).',
    );
    this.model = model;
    this.test = test;
    this.name = 'RealModelRequestError';
  }
}

/**
 * The SDK asked its default model provider for a model, and none was set:
 * the file never imported `@openai/agents` (which sets the OpenAI one), and
 * the runner entry's guard stands in for the default. The SDK's own message
 * opens it; the rest names the entry and the fix.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { NoDefaultModelProviderError } from 'scripted-agents/runner';
 *
 * const error = new NoDefaultModelProviderError('gpt-4.1');
 * assert.equal(error.model, 'gpt-4.1');
 * assert.match(error.message, /^No default model provider set/);
 * ```
 */
export class NoDefaultModelProviderError extends Error {
  /** The model name the SDK asked for (`undefined`: the SDK's default model). */
  readonly model: string | undefined;
  /** Always `'NoDefaultModelProviderError'`. */
  override readonly name: 'NoDefaultModelProviderError';

  /** Describes the request for `model` that found no default provider. */
  constructor(model: string | undefined) {
    super(
      `No default model provider set: the SDK asked for ${
        model === undefined || model === '' ? 'its default model' : `model "${model}"`
      }, and scripted-agents/runner (the runner setup entry) guards the default provider, which ` +
        "nothing set: '@openai/agents' was not imported. Give the agent a ScriptedModel, or the " +
        'Runner a provider (new Runner({ modelProvider: ScriptedModelProvider.forAll(model) })); ' +
        "for the real OpenAI provider, import '@openai/agents' in the test setup.",
    );
    this.model = model;
    this.name = 'NoDefaultModelProviderError';
  }
}

/**
 * `useCassette()` found no cassette for the running test and may not record one:
 * no provider was given, or the run is in CI (`CI` is set), where cassettes are
 * never recorded. The message says how to record it.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { MissingTestCassetteError } from 'scripted-agents/runner';
 *
 * const error = new MissingTestCassetteError('__cassettes__/a.test.ts/answers.json', {
 *   test: 'answers',
 *   ci: true,
 * });
 * assert.match(error.message, /never recorded in CI/);
 * ```
 */
export class MissingTestCassetteError extends Error {
  /** Where the cassette was looked for. */
  readonly path: string;
  /** The running test's name. */
  readonly test: string;
  /** Whether the run is in CI (`CI` set). */
  readonly ci: boolean;
  /** Always `'MissingTestCassetteError'`. */
  override readonly name: 'MissingTestCassetteError';

  /** Describes the cassette missing at `path` for `options.test`. */
  constructor(path: string, options: { test: string; ci: boolean }) {
    super(
      `Test "${options.test}" has no cassette at ${path}` +
        (options.ci
          ? ', and cassettes are never recorded in CI (CI is set). Record it locally: run the ' +
            'test outside CI with useCassette({ provider }) given a real provider, then commit ' +
            'the file.'
          : ', and useCassette() was given no provider to record it from. Pass the real ' +
            'provider (useCassette({ provider: new OpenAIProvider() })) and run the test once ' +
            'to record it, then commit the file.'),
    );
    this.path = path;
    this.test = options.test;
    this.ci = options.ci;
    this.name = 'MissingTestCassetteError';
  }
}

/**
 * Two different tests would use the same cassette file: their names differ
 * only in characters a file name cannot hold. Give one of them its own name.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { SharedCassetteError } from 'scripted-agents/runner';
 *
 * const error = new SharedCassetteError('__cassettes__/a.test.ts/a_b.json', ['a/b', 'a:b']);
 * assert.deepEqual(error.tests, ['a/b', 'a:b']);
 * ```
 */
export class SharedCassetteError extends Error {
  /** The cassette file both tests would use. */
  readonly path: string;
  /** The two tests' names: the one that claimed the file first, then this one. */
  readonly tests: readonly string[];
  /** Always `'SharedCassetteError'`. */
  override readonly name: 'SharedCassetteError';

  /** Describes the two `tests` that would share `path`. */
  constructor(path: string, tests: readonly string[]) {
    super(
      `Tests ${tests.map((test) => JSON.stringify(test)).join(' and ')} would share the ` +
        `cassette ${path} (their names differ only where a file name cannot). Give one of ` +
        "them its own: useCassette({ name: '...' }).",
    );
    this.path = path;
    this.tests = Object.freeze([...tests]);
    this.name = 'SharedCassetteError';
  }
}

/**
 * A matcher whose check finishes later (`toBeComplete()` on a double whose
 * teardown is asynchronous) failed, and the test had not waited for it: its
 * promise was not awaited, so the runner saw the test pass. Reported when the
 * test ends, naming the matcher; write `await expect(...).toBeComplete()`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { UnawaitedMatcherError } from 'scripted-agents/runner';
 *
 * const error = new UnawaitedMatcherError('toBeComplete', 'Expected the double to be complete: …');
 * assert.equal(error.matcher, 'toBeComplete');
 * assert.match(error.message, /^expect\(\.\.\.\)\.toBeComplete\(\) failed, and its promise was not awaited/);
 * ```
 */
export class UnawaitedMatcherError extends Error {
  /** The matcher, e.g. `'toBeComplete'`. */
  readonly matcher: string;
  /** The matcher's own failure message. */
  readonly failure: string;
  /** Always `'UnawaitedMatcherError'`. */
  override readonly name: 'UnawaitedMatcherError';

  /** Describes `matcher`'s failed check, whose message was `failure`. */
  constructor(matcher: string, failure: string) {
    super(
      `expect(...).${matcher}() failed, and its promise was not awaited, so the test went on ` +
        `as if it had passed. Write await expect(...).${matcher}(). It found: ${failure}`,
    );
    this.matcher = matcher;
    this.failure = failure;
    this.name = 'UnawaitedMatcherError';
  }
}
