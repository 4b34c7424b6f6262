// The `bun test --preload` file of the Bun runner suite, as a user writes it: Bun's
// preload has no Jest globals, so it hands bun:test's hooks to registerHooks().
import { afterAll, afterEach, beforeEach, expect } from 'bun:test';
import { matchers, registerHooks } from 'scripted-agents/runner';

registerHooks({ beforeEach, afterEach, afterAll });
expect.extend(matchers);
