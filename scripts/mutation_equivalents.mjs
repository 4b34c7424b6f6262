// Surviving mutants that no test can kill, each with the reason. scripts/run_mutation.mjs
// matches an entry by file, mutator, the original source text and the replacement, so the
// entries survive edits that only move code around. An entry that no longer matches is
// simply unused: the mutant then shows up in MUTATION.md without an explanation.
//
// { file, mutator, original, replacement, reason } (plus `line` when the same text occurs
// elsewhere in the file with a mutant that is not equivalent), or { file, lines: [from, to],
// reason } for a line range where every mutant is equivalent for the same reason.

const model = 'testing/scripted_model.ts';
const sandbox = 'testing/scripted_sandbox_session.ts';
const transport = 'realtime_testing/scripted_realtime_transport.ts';
const snapshot = '_internal/snapshot.ts';
const server = 'realtime_testing/scripted_realtime_server.ts';

// The realtime lifecycle re-checks below guard against re-entrant lifecycle calls
// (a listener or a matcher calling connect/close/disconnect). Two invariants make each
// check redundant: every change of `status` also bumps the generation (connect, an
// effective close and disconnect all do), and no lifecycle operation returns or throws
// leaving `status` at 'disconnecting' (close ends at 'disconnected' or restores the
// previous state). So "generation unchanged" implies "status unchanged", and
// "generation changed" implies "status is not 'disconnecting'".
const lifecycle =
  'redundant with the generation check: every status change bumps the generation, and no ' +
  'lifecycle operation leaves the status at "disconnecting", so the two conditions never disagree';

/** Notes on a file's survivors as a whole, printed above its list in MUTATION.md. */
export const fileNotes = {
  '_internal/snapshot_store.ts': "Not a double's core, and listed without individual " +
    'explanations: the store is a cache of immutable nodes whose only observable contract is ' +
    'that every read equals the plain snapshot (tests/snapshot_store_property_test.ts checks ' +
    'it over arbitrary graphs and histories, and that growing histories share earlier nodes). ' +
    'Its survivors fall into four groups, each unobservable through reads or sharing: (1) the ' +
    'positional-hint fast path (`#visit` hints, `#array`/`#object` candidates and extensions, ' +
    'the `same()` early exits, the `typeof` pre-checks before `#visit`): with a hint missed, ' +
    'the content hash finds the same stored node, so only time is lost; (2) the hash function ' +
    '(seeds, mixing, the -0 atom, the 30-bit mask, the array fold): any hash is correct because ' +
    '`#equal` decides, only the bucket spread changes; (3) the guards inside `#equal` (key list, ' +
    'length, prototype): reachable only when two different shapes collide on the 30-bit hash, ' +
    'which mixes exactly those three; (4) defensive re-checks and private details (the ' +
    'primitive guards of `store()` and `#visit`, the path scan start, `#early?.`, copies of ' +
    'private arrays, the epoch direction, initial array contents, the descriptor flags of an ' +
    'own "__proto__" key on a private node, which every read redefines).',
  '_internal/queue.ts':
    'Every survivor here is equivalent. The compaction condition of `shift()` ' +
    'only decides when the consumed prefix is dropped: dropping it earlier, later, on every ' +
    'shift or never leaves the contents and their order unchanged (only memory and time ' +
    'differ). Without the empty-queue guard, `shift()` reads and writes one undefined slot past ' +
    'the end and moves the head with it, so `size` stays 0 and the next push is still read ' +
    'first. The copy that compaction makes (`slice(head)`) is pinned by ' +
    'tests/queue_property_test.ts.',
};

export const equivalents = [
  {
    file: model,
    mutator: 'ConditionalExpression',
    original: "step.type === 'responder'",
    replacement: 'true',
    reason: 'a queued response was validated (isScriptedResponse) when it was enqueued and is ' +
      'a private snapshot, so validating it again at call time always passes; the flag only ' +
      'skips that redundant check',
  },
  {
    file: model,
    mutator: 'ConditionalExpression',
    original: "step.type === 'stream_responder'",
    replacement: 'true',
    reason: "a 'stream' step's events were validated (isScriptedStream) when enqueued; " +
      're-validating them at call time passes for every valid script',
  },
  {
    file: transport,
    mutator: 'ConditionalExpression',
    original: 'this.#provisionalGeneration === generation',
    replacement: 'true',
    reason: 'the provisional generation is read only by close() while the status is ' +
      '"connected"; a failed nested connect always leaves the status "connecting" or ' +
      '"disconnected", and any later connect that reaches "connected" overwrites the ' +
      "provisional generation, so clearing another connect's marker here is never observable",
  },
  {
    file: transport,
    mutator: 'LogicalOperator',
    original: "this.#generation === generation && this.status === 'disconnecting'",
    replacement: "this.#generation === generation || this.status === 'disconnecting'",
    reason: lifecycle,
  },
  {
    file: transport,
    mutator: 'ConditionalExpression',
    original: 'this.#generation === generation',
    replacement: 'true',
    reason: lifecycle,
  },
  {
    file: transport,
    mutator: 'ConditionalExpression',
    original: "this.status === 'disconnecting'",
    replacement: 'true',
    reason: lifecycle,
  },
  {
    file: transport,
    mutator: 'ConditionalExpression',
    original: 'this.#generation !== generation',
    replacement: 'false',
    reason: lifecycle,
  },
  {
    file: transport,
    lines: [162, 167],
    reason: 'the SDK-newer-than-the-double check only fails with an SDK transport that has ' +
      'public members this double does not know: the installed SDK has none, and the answer ' +
      'is cached per process, so no test can add one after the first transport was built; ' +
      'tests/unknown_sdk_members_test.ts checks the check itself with stand-in classes',
  },
  {
    file: sandbox,
    mutator: 'OptionalChaining',
    original: 'match?.(...snapshotArgs(method, call.args))',
    replacement: 'match(...snapshotArgs(method, call.args))',
    reason: 'takeStep() calls the matcher callback only for a step that has a matcher',
  },
  {
    file: sandbox,
    mutator: 'ConditionalExpression',
    original: 'hasOwn(session, method)',
    replacement: 'false',
    reason: 'a method named twice (scripted and present, say) is defined again with a new but ' +
      'identical wrapper for the same name; the property is writable, so redefining it is ' +
      'allowed and the session behaves the same',
  },
  {
    file: sandbox,
    mutator: 'StringLiteral',
    original: "'scriptedSandboxSession'",
    replacement: '""',
    reason: 'the name is read only when the installed SDK lacks its sandbox entry, and the ' +
      'mutation run uses an SDK that has it; tests/sdk_sandbox_availability_test.ts checks the ' +
      'name under `npm run compat` against the SDKs without it',
  },
  ...[
    ["typeof input === 'object' && input !== null", 'true'],
    ["typeof input === 'object' && input !== null", "typeof input === 'object' || input !== null"],
    ["typeof input === 'object'", 'true'],
    ['input !== null', 'true'],
  ].map(([original, replacement]) => ({
    file: sandbox,
    line: 377,
    mutator: replacement === 'true' ? 'ConditionalExpression' : 'LogicalOperator',
    original,
    replacement,
    reason: 'normalizeStep() has already rejected an anytime input that is not an object, so ' +
      'only objects reach this guard',
  })),
  {
    file: sandbox,
    mutator: 'StringLiteral',
    original: "'result'",
    replacement: '""',
    reason: "the result outcome is the switch's default branch in invoke(); its kind string " +
      'is never compared',
  },
  {
    file: sandbox,
    mutator: 'MethodExpression',
    original: 'args.slice()',
    replacement: 'args',
    reason: 'snapshotValue copies an array anyway, and the rest-parameter array cannot alias ' +
      'anything inside itself, so copying it first changes nothing',
  },
  {
    file: sandbox,
    mutator: 'ConditionalExpression',
    original: 'hasOwn(session, method)',
    replacement: 'false',
    reason: 'installing a method twice redefines a writable property with an equivalent ' +
      'function (both forward to the same queue), which defineProperty allows; only the ' +
      'function identity differs, and nothing observes it between installs',
  },
  {
    file: '_internal/failure_log.ts',
    mutator: 'EqualityOperator',
    original: 'errors.length > 1',
    replacement: 'errors.length >= 1',
    reason: 'a single error was already thrown by the line above, so the branch is only reached ' +
      'with zero or several errors',
  },
  // _internal/snapshot.ts
  {
    file: snapshot,
    mutator: 'ArrayDeclaration',
    original: '[Object.prototype]',
    replacement: '[]',
    reason: 'a cache seed: Object.prototype is recognized before the cache is consulted, and ' +
      'would be classified as plain on first sight anyway',
  },
  {
    file: snapshot,
    mutator: 'ConditionalExpression',
    original: 'proto === objectPrototype',
    replacement: 'false',
    reason: 'a fast path: Object.prototype is in the plain-prototype cache from the start',
  },
  {
    file: snapshot,
    mutator: 'ConditionalExpression',
    original: 'nonPlainPrototypes.has(proto)',
    replacement: 'false',
    reason: 'a cache: without it the prototype is classified again, with the same answer',
  },
  {
    file: snapshot,
    mutator: 'EqualityOperator',
    original: 'i < symbols.length',
    replacement: 'i <= symbols.length',
    reason: 'the extra iteration asks whether a key named "undefined" is enumerable; if it is, ' +
      'that key is listed twice and copied twice with the same value, so the copy is the same',
  },
  {
    file: snapshot,
    mutator: 'ArrayDeclaration',
    original: 'new Array(length)',
    replacement: 'new Array()',
    reason: 'every index is assigned in order right after, so the array ends up the same ' +
      '(preallocation only)',
  },
  {
    file: snapshot,
    mutator: 'ConditionalExpression',
    original: "key === '__proto__'",
    replacement: 'true',
    reason: 'defining every key as a writable, enumerable, configurable data property is what ' +
      'assignment does on a fresh plain copy; only "__proto__" needs the explicit definition',
  },
  {
    file: snapshot,
    mutator: 'ConditionalExpression',
    original: 'copy !== null',
    replacement: 'true',
    reason: 'Object.freeze(null) returns null: freezing a primitive is a no-op',
  },
  {
    file: snapshot,
    mutator: 'ConditionalExpression',
    original: "typeof value !== 'object'",
    replacement: 'false',
    reason: 'the other non-JSON values (bigint, symbol, function) then fail the prototype check ' +
      'below, which rejects the whole clone just the same',
  },
  {
    file: snapshot,
    mutator: 'ConditionalExpression',
    original: 'ancestors.has(value)',
    replacement: 'false',
    reason: 'a cycle then recurses until the stack overflows, and the RangeError is caught like ' +
      'the not-JSON signal: the clone is undefined either way (only slower)',
  },
  {
    file: snapshot,
    mutator: 'ConditionalExpression',
    original: 'item === undefined',
    replacement: 'false',
    reason: 'cloneJson(undefined) rejects the clone anyway (not an object)',
  },
  {
    file: snapshot,
    mutator: 'BlockStatement',
    original: '{\n    return undefined;\n  }',
    replacement: '{}',
    reason: 'an empty catch block makes the function return undefined all the same',
  },
  // testing/_model_hold.ts
  {
    file: 'testing/_model_hold.ts',
    mutator: 'ConditionalExpression',
    original: 'this.#released',
    replacement: 'false',
    reason: 'a second release() finds nothing left to do: the state moves only from "pending", ' +
      'and the release callback of a held call clears itself when it runs (an abort clears it ' +
      'too), so repeating the release changes neither the state nor the call',
  },
  {
    file: 'testing/_model_hold.ts',
    mutator: 'ObjectLiteral',
    original: '{ once: true }',
    replacement: '{}',
    reason: 'an AbortSignal dispatches "abort" at most once, so a listener kept after it ran is ' +
      'never called again',
  },
  {
    file: 'testing/_model_hold.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    reason: 'an AbortSignal dispatches "abort" at most once, so a listener kept after it ran is ' +
      'never called again',
  },
  ...[
    ["typeof hold === 'object' && hold !== null", 'true'],
    ["typeof hold === 'object' && hold !== null", "typeof hold === 'object' || hold !== null"],
    ["typeof hold === 'object'", 'true'],
    ['hold !== null', 'true'],
  ].map(([original, replacement]) => ({
    file: 'testing/_model_hold.ts',
    mutator: replacement === 'true' ? 'ConditionalExpression' : 'LogicalOperator',
    original,
    replacement,
    reason: 'WeakMap.prototype.get returns undefined for a key that cannot be held weakly ' +
      '(a primitive or null) instead of throwing, so the guard only spares that call',
  })),
  // testing/scripted_model_provider.ts
  {
    file: 'testing/scripted_model_provider.ts',
    mutator: 'ConditionalExpression',
    original: 'name === undefined',
    replacement: 'false',
    reason: 'the routing map is built from Object.entries(), whose keys are strings, so looking ' +
      'up undefined finds nothing, exactly like skipping the lookup',
  },
  // testing/scripted_computer.ts
  {
    file: 'testing/scripted_computer.ts',
    mutator: 'OptionalChaining',
    original: 'match?.(...snapshotValue(args))',
    replacement: 'match(...snapshotValue(args))',
    reason: 'takeStep() calls the matcher callback only for a step that has a matcher, so ' +
      '`match` is never undefined there',
  },
  ...[
    ["action === 'screenshot' && outcomes.length === 0", 'false', 'ConditionalExpression'],
    ["'screenshot'", '""', 'StringLiteral'],
  ].map(([original, replacement, mutator]) => ({
    file: 'testing/scripted_computer.ts',
    line: 251,
    mutator,
    original,
    replacement,
    reason: 'a screenshot step without an outcome goes on to the result branch, whose check ' +
      'that a screenshot result is a string rejects it with the same error',
  })),
  {
    file: 'testing/scripted_computer.ts',
    mutator: 'StringLiteral',
    original: "'result'",
    replacement: '""',
    line: 265,
    reason: "the result outcome is the default branch of perform()'s switch; its kind string " +
      'is never compared',
  },
  {
    file: 'testing/auto_model.ts',
    mutator: 'ObjectLiteral',
    original: '{ requests: 1 }',
    replacement: '{}',
    reason: 'new Usage({}) already counts one request (only a Usage built without any ' +
      'argument counts none)',
  },
  // testing/scripted_sandbox_client.ts
  {
    file: 'testing/scripted_sandbox_client.ts',
    mutator: 'StringLiteral',
    original: "'scriptedSandboxClient'",
    replacement: '""',
    reason: 'the name is read only when the installed SDK lacks its sandbox entry, and the ' +
      'mutation run uses an SDK that has it; tests/sdk_sandbox_availability_test.ts checks the ' +
      'name under `npm run compat` against the SDKs without it',
  },
  // testing/trace_recorder.ts
  ...[144, 149, 175, 228, 253, 284].map((line) => ({
    file: 'testing/trace_recorder.ts',
    line,
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    reason: 'an omit list that names no span type hides nothing: the views are the same as ' +
      'with an empty list',
  })),
  {
    file: 'testing/trace_recorder.ts',
    mutator: 'ConditionalExpression',
    original: 'record === undefined',
    replacement: 'true',
    line: 366,
    reason: "a span's ids do not change between its start and its end, Map.set() on a key " +
      'already present keeps its position (the start order), and data, error and ended are ' +
      'all written again right after, so replacing the record at the end records the same',
  },
  {
    file: 'testing/trace_recorder.ts',
    mutator: 'ConditionalExpression',
    original: 'span.error === null',
    replacement: 'false',
    reason: 'snapshotValue(null) is null',
  },
  {
    file: 'testing/trace_recorder.ts',
    mutator: 'ConditionalExpression',
    original: 'spanId === null',
    replacement: 'false',
    reason: 'the span map is keyed by string ids, so looking up null finds nothing either way',
  },
  {
    file: 'testing/trace_recorder.ts',
    mutator: 'ConditionalExpression',
    original: 'parent.parentId === null',
    replacement: 'false',
    reason: 'the span map is keyed by string ids, so looking up null finds nothing either way',
  },
  {
    file: 'testing/trace_recorder.ts',
    mutator: 'LogicalOperator',
    original: 'base ?? null',
    replacement: 'base && null',
    reason: "the entry of a hidden span is read only as that span's own entry, where any value " +
      "without the span's own id means the same (paths are looked up through the nearest shown " +
      'ancestor, never through a hidden span)',
  },
  {
    file: 'testing/trace_recorder.ts',
    mutator: 'ConditionalExpression',
    original: 'own?.spanId === record.spanId',
    replacement: 'false',
    reason: 'for a shown span, pathWithin() builds the same path from the same nearest shown ' +
      'ancestor as the first pass did',
  },
  {
    file: 'testing/trace_recorder.ts',
    lines: [460, 467],
    reason: 'pathWithin() gives the path of a hidden span, whose view is never returned: hidden ' +
      'spans are left out of the shown list, the roots and the children, and the full list is ' +
      'only read from views built with nothing hidden',
  },
  // testing/scripted_mcp_server.ts
  {
    file: 'testing/scripted_mcp_server.ts',
    mutator: 'ConditionalExpression',
    original: "'errorFunction' in options",
    replacement: 'true',
    reason: 'without the option the assignment stores undefined in a declared field that is ' +
      'already undefined, and the SDK only asks whether `server.errorFunction` is undefined',
  },
  ...[
    ["typeof input === 'object' && input !== null", 'true'],
    ["typeof input === 'object' && input !== null", "typeof input === 'object' || input !== null"],
    ["typeof input === 'object'", 'true'],
    ['input !== null', 'true'],
  ].map(([original, replacement]) => ({
    file: 'testing/scripted_mcp_server.ts',
    line: 188,
    mutator: replacement === 'true' ? 'ConditionalExpression' : 'LogicalOperator',
    original,
    replacement,
    reason: 'toStep() has already rejected an anytime input that is not an object, so only ' +
      'objects reach this guard',
  })),
  {
    file: 'testing/scripted_mcp_server.ts',
    mutator: 'OptionalChaining',
    original: 'step.match?.(snapshotValue(toolCall.args), snapshotValue(toolCall.meta))',
    replacement: 'step.match(snapshotValue(toolCall.args), snapshotValue(toolCall.meta))',
    reason: 'takeStep() calls the matcher callback only for a step that has a matcher',
  },
  {
    file: 'testing/scripted_mcp_server.ts',
    mutator: 'StringLiteral',
    original: "'result'",
    replacement: '""',
    line: 568,
    reason: 'the result outcome is the default branch of the switch in #callTool(); its kind ' +
      'string is never compared',
  },
  // testing/auto_model.ts
  {
    file: 'testing/auto_model.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 224,
    reason: 'a string entry in the history has neither a type nor a name, so it counts neither ' +
      'as a function call nor as a hosted call, exactly like an empty history',
  },
  ...[
    ["typeof fixed === 'string'", 'false', 'ConditionalExpression'],
    ["'string'", '""', 'StringLiteral'],
  ].map(([original, replacement, mutator]) => ({
    file: 'testing/auto_model.ts',
    line: 354,
    mutator,
    original,
    replacement,
    reason: 'structuredClone() of a string is that same string',
  })),
  {
    file: 'testing/auto_model.ts',
    mutator: 'ArithmeticOperator',
    original: '(this.#options.seed ?? 0) * 31 + hashString(`${target.kind}:${target.name}`)',
    replacement: '(this.#options.seed ?? 0) * 31 - hashString(`${target.kind}:${target.name}`)',
    reason: 'the seed mix only has to be deterministic and differ per seed and per tool, ' +
      'handoff or output (both are tested); subtracting the name hash keeps both properties, ' +
      'and which values a seed draws is not part of the contract',
  },
  {
    file: 'testing/auto_model.ts',
    mutator: 'ArithmeticOperator',
    original: 'baseSeed + attempt * 7919',
    replacement: 'baseSeed - attempt * 7919',
    reason: 'each validation attempt still gets its own deterministic seed (tested: a candidate ' +
      'the schema refuses is followed by a different one); which seeds they are is not part ' +
      'of the contract',
  },
  {
    file: 'testing/auto_model.ts',
    mutator: 'ConditionalExpression',
    original: 'standard === undefined',
    replacement: 'false',
    line: 363,
    reason: 'a plain JSON Schema returns its first candidate inside the loop, so allowing it ' +
      'more attempts changes nothing',
  },
  ...[
    ["typeof schema !== 'object' || schema === null", 'false', 'ConditionalExpression'],
    [
      "typeof schema !== 'object' || schema === null",
      "typeof schema !== 'object' && schema === null",
      'LogicalOperator',
    ],
    ["typeof schema !== 'object'", 'false', 'ConditionalExpression'],
    ['schema === null', 'false', 'ConditionalExpression'],
  ].map(([original, replacement, mutator]) => ({
    file: 'testing/auto_model.ts',
    mutator,
    original,
    replacement,
    reason: 'the only schemas that are not objects are the boolean JSON Schemas, and reading ' +
      "'~standard' from a boolean gives undefined, which the next check treats as no Standard " +
      'Schema (null is not a schema)',
  })),
  {
    file: 'testing/auto_model.ts',
    mutator: 'ConditionalExpression',
    original: "kind !== 'mcp'",
    replacement: 'false',
    reason: 'for the other hosted kinds neither the tool nor its calls carry a server_label, so ' +
      'comparing the labels compares undefined with undefined',
  },
  {
    file: 'testing/auto_model.ts',
    mutator: 'OptionalChaining',
    original: 'tool.providerData?.server_label',
    replacement: 'tool.providerData.server_label',
    reason: "reached only for kind 'mcp', which was read from the tool's providerData, so it " +
      'is defined',
  },
  {
    file: 'testing/auto_model.ts',
    mutator: 'OptionalChaining',
    original: 'providerData?.server_label',
    replacement: 'providerData.server_label',
    line: 498,
    reason: "reached only for kind 'mcp', which was read from the tool's providerData, so it " +
      'is defined',
  },
  {
    file: 'testing/auto_model.ts',
    mutator: 'ConditionalExpression',
    original: 'default:\n      return undefined;',
    replacement: 'default:',
    reason: 'without the return, the last case falls off the end of the function, which ' +
      'returns undefined all the same',
  },
  // realtime_testing/scripted_realtime_server.ts
  {
    file: server,
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 431,
    reason: 'the default then ignores client events of the type "Stryker was here", which no ' +
      'client sends (the SDK sends only protocol event types); every protocol type is still ' +
      'recorded, as the tests without `ignoreClientEvents` check',
  },
  {
    file: server,
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 101,
    reason: 'a string entry has no type, and every reader of `received` selects its entries by ' +
      'type',
  },
  {
    file: server,
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 103,
    reason: 'a string entry has no kind: dispatching it does nothing and every reader of the ' +
      'queue selects entries by kind, so the socket only opens one microtask later',
  },
  {
    file: server,
    mutator: 'ConditionalExpression',
    original: "this.state === 'connecting' || this.state === 'open'",
    replacement: 'true',
    reason: 'every path out of "connecting" or "open" (a client close, a server close, a failed ' +
      'handshake) sets closedBy first, so closedBy === undefined already implies either state',
  },
  ...[
    ['this.#started && this.#queue.length > 0', 'true', 'ConditionalExpression'],
    [
      'this.#started && this.#queue.length > 0',
      'this.#started || this.#queue.length > 0',
      'LogicalOperator',
    ],
    ['this.#queue.length > 0', 'true', 'ConditionalExpression'],
    ['this.#queue.length > 0', 'this.#queue.length >= 0', 'EqualityOperator'],
    ['i < 10_000', 'i <= 10_000', 'EqualityOperator'],
    ['i++', 'i--', 'UpdateOperator'],
    ['!busy || this.#paused', 'false', 'ConditionalExpression'],
    ['!busy || this.#paused', '!busy && this.#paused', 'LogicalOperator'],
  ].map(([original, replacement, mutator]) => ({
    file: server,
    mutator,
    original,
    replacement,
    reason: 'settled() then keeps yielding microtasks up to its bound instead of returning as ' +
      'soon as nothing is queued; every delivery still happens in those microtasks, so it ' +
      'resolves in the same state, only later',
  })),
  ...[
    ["this.state === 'closed'", 'true', 'ConditionalExpression'],
    ["this.state === 'closed'", 'false', 'ConditionalExpression'],
    ["this.state === 'closed'", "this.state !== 'closed'", 'EqualityOperator'],
    ["'closed'", '""', 'StringLiteral'],
  ].map(([original, replacement, mutator]) => ({
    file: server,
    line: 172,
    mutator,
    original,
    replacement,
    reason: 'nextReceive() is only called on a live connection (the handshake loop checks that ' +
      'first), so the closed branch is never taken; resolving at once instead makes that loop ' +
      'check again every microtask, the same result for every client that sends from promise ' +
      "callbacks, as the SDK's transport does",
  })),
  {
    file: server,
    mutator: 'BlockStatement',
    line: 171,
    original:
      "{\n    if (this.state === 'closed') return Promise.resolve();\n    return new Promise((resolve) => this.#receiveWaiters.push(resolve));\n  }",
    replacement: '{}',
    reason: 'awaiting undefined instead makes the handshake loop check again every microtask ' +
      'until the session.update arrives or the connection stops being live: the same result ' +
      "for every client that sends from promise callbacks, as the SDK's transport does (a " +
      'client that sent it only from a timer would starve instead; no client here does)',
  },
  {
    file: server,
    mutator: 'ConditionalExpression',
    original: 'stored !== undefined',
    replacement: 'true',
    reason: "the server's receive hook always returns the stored event, never undefined",
  },
  {
    file: server,
    mutator: 'ConditionalExpression',
    original: 'this.#started',
    replacement: 'false',
    line: 211,
    reason: 'starting twice only schedules again, and #schedule() does nothing while a step is ' +
      'already scheduled',
  },
  {
    file: server,
    mutator: 'ConditionalExpression',
    original: 'this.#queue.length === 0',
    replacement: 'false',
    reason: 'a step scheduled for an empty queue finds no delivery and returns',
  },
  {
    file: server,
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 219,
    reason: 'without the flag every enqueue schedules a step, but each step still dispatches ' +
      'the oldest delivery, one per microtask, so the order and the asynchrony are the same',
  },
  {
    file: server,
    mutator: 'ConditionalExpression',
    original: 'delivery === undefined',
    replacement: 'false',
    reason: 'a step is scheduled only for a non-empty queue, and the only code that empties a ' +
      'queue without adding to it (teardown) runs after settled() drained it or while ' +
      'delivery is paused, when no step is scheduled',
  },
  ...[
    ['socket.readyState === 1 || socket.readyState === 2', 'true', 'ConditionalExpression'],
    ['socket.readyState === 2', 'false', 'ConditionalExpression'],
    ['socket.readyState === 2', 'socket.readyState !== 2', 'EqualityOperator'],
  ].map(([original, replacement, mutator]) => ({
    file: server,
    mutator,
    original,
    replacement,
    reason: 'a message is only ever dispatched on an open socket: it is queued behind the open, ' +
      'a client close discards the undelivered messages, and a server close is queued after them',
  })),
  {
    file: server,
    mutator: 'ConditionalExpression',
    original: 'socket.readyState === 3',
    replacement: 'false',
    reason: 'a connection gets at most one close (a client close after a server close, or the ' +
      'other way round, is ignored because closedBy is already set), and an error is always ' +
      'queued before its close',
  },
  {
    file: server,
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 488,
    reason: 'the SDK reads useInsecureApiKey only in a browser, and the mutation run (Bun) is ' +
      'not one; tests/browser runs the transport in a real browser',
  },
  {
    file: server,
    mutator: 'LogicalOperator',
    original: 'useInsecureApiKey ?? true',
    replacement: 'useInsecureApiKey && true',
    reason: 'the SDK reads useInsecureApiKey only in a browser, and the mutation run (Bun) is ' +
      'not one; tests/browser runs the transport in a real browser',
  },
  {
    file: server,
    mutator: 'OptionalChaining',
    original: 'expectation.promise?.catch',
    replacement: 'expectation.promise.catch',
    reason: 'every waiting expectation gets its promise before it is queued',
  },
  // testing/_script_steps.ts
  {
    file: 'testing/_script_steps.ts',
    mutator: 'StringLiteral',
    original: "'group'",
    replacement: '""',
    reason: "the step script tells entries apart by `kind === 'step'`: any other kind is a group",
  },
  {
    file: 'testing/_script_steps.ts',
    mutator: 'StringLiteral',
    original: "'nested'",
    replacement: '""',
    reason: "every double's group error compares the problem with 'empty' only: any other " +
      'value is the nested-group message',
  },
  {
    file: 'testing/_script_steps.ts',
    mutator: 'ConditionalExpression',
    original: 'step.match === undefined',
    replacement: 'false',
    reason: "every double's matcher callback calls the step's matcher optionally " +
      '(`match?.()`), which gives undefined for a step without one, and only false refuses ' +
      'a call (this check and those optional calls each make the other redundant)',
  },
  // _internal/step_script.ts
  {
    file: '_internal/step_script.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 46,
    reason: 'an anytime entry that is a string has no key, so no call ever matches it',
  },
  ...[97, 126].map((line) => ({
    file: '_internal/step_script.ts',
    line,
    mutator: 'StringLiteral',
    original: "'step'",
    replacement: '""',
    reason: "callers of take() test for 'unexpected' and 'rejected' only: any other kind is " +
      'an accepted step',
  })),
  // _internal/queue.ts: see its file note.
  {
    file: '_internal/queue.ts',
    lines: [25, 25],
    reason: 'without the empty-queue guard, shift() reads and writes one undefined slot past the ' +
      'end and moves the head with it: size stays 0 and the next push is still read first',
  },
  {
    file: '_internal/queue.ts',
    lines: [30, 30],
    reason: 'the compaction condition only decides when the consumed prefix is dropped; ' +
      'contents and order are the same whenever (or whether) it is dropped',
  },
  // testing/_schema_values.ts
  {
    file: 'testing/_schema_values.ts',
    mutator: 'StringLiteral',
    original: "'SchemaValueFailure'",
    replacement: '""',
    reason: 'the private failure class never leaves generateSchemaValue(): every one thrown ' +
      'while generating is caught there and turned into a plain result (reason, schemaPath, ' +
      'message), so its name is never read',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'MethodExpression',
    original: 'ref.slice(1)',
    replacement: 'ref',
    reason: 'the pointer is split at "/" and its first segment dropped: with or without the ' +
      'leading "#" that segment is the part before the first "/", so the same keys are read',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: "pointer !== ''",
    replacement: 'true',
    reason: 'for the root pointer "" the loop runs over "".split("/").slice(1), which is ' +
      'empty, so the target stays the root exactly as when the loop is skipped',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    line: 182,
    reason: 'the guard becomes always true, and for the root pointer "" the loop runs over ' +
      '"".split("/").slice(1), which is empty: the target stays the root',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'StringLiteral',
    original: "'enum'",
    replacement: '""',
    line: 234,
    reason: 'each candidate is itself a member of the enum, so checking it against the schema ' +
      'with the enum keyword left in gives the same answer as without it',
  },
  {
    file: 'testing/_schema_values.ts',
    lines: [265, 266],
    reason: 'the default case of the type switch is unreachable: chooseType() only returns ' +
      'one of the known types and fails itself on any other',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: 'resolved === true',
    replacement: 'false',
    reason:
      'a true allOf part then goes on to be merged like any other, but Object.entries(true) ' +
      'is empty, so it adds no keyword: the same as skipping it',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 334,
    reason: 'the test becomes "resolved === false", which the line before has already ruled out; ' +
      'a true part is then merged, and Object.entries(true) adds no keyword',
  },
  ...[388, 407].map((line) => ({
    file: 'testing/_schema_values.ts',
    mutator: 'StringLiteral',
    original: "'const'",
    replacement: '""',
    line,
    reason: 'a const is generated before any other keyword is looked at, and either way of ' +
      "merging leaves the later part's const in the merged schema; the final check of the " +
      'unchanged schema is the same',
  })),
  {
    file: 'testing/_schema_values.ts',
    mutator: 'StringLiteral',
    original: "'null'",
    replacement: '""',
    line: 432,
    reason: 'the guard only avoids listing "null" twice; a second "null" changes neither the ' +
      'non-null types nor whether some type was left out, so the same draws pick the same type',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: 'ast === null',
    replacement: 'false',
    reason: 'parsePattern() always returns a node (it fails rather than return null), so the ' +
      'null branch is never taken',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    line: 467,
    reason: 'the value of the null branch, which is never taken: parsePattern() always returns ' +
      'a node',
  },
];
