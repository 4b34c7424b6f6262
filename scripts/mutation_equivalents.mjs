// Surviving mutants that no test can kill, each with the reason. scripts/run_mutation.mjs
// matches an entry by file, mutator, the original source text and the replacement, so the
// entries survive edits that only move code around. An entry that no longer matches is
// simply unused: the mutant then shows up in docs/reports/mutation.md without an explanation.
//
// { file, mutator, original, replacement, reason } (plus `line` when the same text occurs
// elsewhere in the file with a mutant that is not equivalent), or { file, lines: [from, to],
// reason } for a line range where every mutant is equivalent for the same reason.

const model = 'testing/scripted_model.ts';
const sandbox = 'testing/scripted_sandbox_session.ts';
const transport = 'realtime_testing/scripted_realtime_transport.ts';
const snapshot = '_internal/snapshot.ts';
const store = '_internal/snapshot_store.ts';
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

// _internal/snapshot_store.ts: the content hash only picks a bucket; #equal decides.
const storeHash = 'the hash only picks the bucket and `#equal` decides every match; with this ' +
  "change it is still a function of the node's content alone (prototype, key list, entries), " +
  'so equal content still meets in one bucket and only collisions (time) change';
const collision = 'not strictly equivalent, but unreachable in practice: only two nodes whose ' +
  '30-bit hashes collide while their key lists, lengths or prototypes differ reach this ' +
  'guard, and the hash mixes exactly those in; atom ids are small sequential integers, so no ' +
  'test input short of replicating the private hash and its atom numbering makes such a ' +
  'collision';
const atomBody = '{\n    let id = this.#atoms.get(value);\n    if (id === undefined) {\n' +
  '      id = this.#atoms.size + 1;\n      this.#atoms.set(value, id);\n    }\n    return id;\n  }';
const atomAssignment =
  '{\n      id = this.#atoms.size + 1;\n      this.#atoms.set(value, id);\n    }';
const foldBody = '{\n      const entry = values[i];\n' +
  "      const entryHash = typeof entry === 'object' && entry !== null\n" +
  '        ? (entry as NodeRecord).hash\n        : this.#atomHash(entry);\n' +
  '      fold = imul(fold ^ entryHash, PRIME);\n    }';
const hashEntry = (mutator, original, replacement, line) => ({
  file: store,
  mutator,
  original,
  replacement,
  ...(line === undefined ? {} : { line }),
  reason: storeHash,
});

// A plain copy gets the source's prototype; defining a key the chain lacks equals assigning it.
const proxyPrototype = 'for a key the prototype chain lacks, assignment creates exactly the ' +
  'own data property defineProperty creates; not strictly equivalent only for a source whose ' +
  'prototype is a Proxy that passes the plain-object check (Object.create(new ' +
  'Proxy(Object.prototype, traps))): `in` and assignment run its `has` and `set` traps, which ' +
  'could count the calls or drop the key, while defineProperty runs none';

/** Notes on a file's survivors as a whole, printed above its list in docs/reports/mutation.md. */
export const fileNotes = {
  '_internal/snapshot_store.ts': 'Every read of a stored snapshot equals the plain snapshot, ' +
    'and an unchanged value reuses the node at its own position before an equal node found by ' +
    'content (tests/snapshot_store_*_test.ts pin both). The survivors below are the hash (which ' +
    'only picks the bucket: `#equal` decides every match), the guards of `#equal` that only a ' +
    'collision of that 30-bit hash reaches, and private details no read or sharing shows.',
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
    reason: 'a cache seed that is never consulted: isPlainObject returns true for ' +
      'Object.prototype before it looks at the cache (the seed only backs up that fast path)',
  },
  {
    file: snapshot,
    mutator: 'ConditionalExpression',
    original: 'proto === objectPrototype',
    replacement: 'false',
    reason: 'a fast path: Object.prototype is in the plain-prototype cache from the start, so ' +
      'the cache check right after it answers true just the same',
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
    original: 'key in copy',
    replacement: 'true',
    reason: proxyPrototype,
  },
  {
    file: snapshot,
    mutator: 'ConditionalExpression',
    original: 'key in out',
    replacement: 'true',
    reason: 'the copy is a fresh `{}` of this realm: for a key its prototype chain lacks, ' +
      'assignment creates exactly the writable, enumerable, configurable own data property ' +
      'that defineProperty creates',
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
  // _internal/snapshot_store.ts
  {
    file: store,
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 105,
    reason: "a leaf record's `values` are never read: #visit hands only array and object " +
      'records on as hints, leaves are never put in the content table, and only array records ' +
      'are prefixes',
  },
  ...[131, 146].map((line) => ({
    file: store,
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line,
    reason: 'the path of objects being visited then starts with a string, which lastIndexOf ' +
      'never matches with an object; it shifts every depth of the snapshot alike, so #cycle ' +
      'and #finish still agree on each depth (store() resets the path after every snapshot)',
  })),
  {
    file: store,
    mutator: 'UpdateOperator',
    original: 'this.#epoch++',
    replacement: 'this.#epoch--',
    reason: 'epochs are only compared for equality; counting down gives every snapshot a ' +
      'distinct epoch just as counting up does',
  },
  {
    file: store,
    mutator: 'ConditionalExpression',
    original: 'candidate === undefined',
    replacement: 'true',
    line: 247,
    reason: 'values are then also collected while the candidate holds: if it holds to the ' +
      "end they are the candidate's own entries (same() means identical) and are ignored or " +
      'only read by #fill; if it fails they are replaced by the equal prefix of the hint',
  },
  {
    file: store,
    mutator: 'ConditionalExpression',
    original: 'hintKeys[i] !== key',
    replacement: 'true',
    reason: 'indexOf then looks up a key that is already at index i; own keys are unique, so ' +
      'it finds i again (only slower)',
  },
  ...[
    ['BlockStatement', atomBody, '{}'],
    ['ConditionalExpression', 'id === undefined', 'false'],
    ['EqualityOperator', 'id === undefined', 'id !== undefined'],
    ['BlockStatement', atomAssignment, '{}'],
    ['ArithmeticOperator', 'this.#atoms.size + 1', 'this.#atoms.size - 1'],
    ['ConditionalExpression', 'keys !== undefined', 'false'],
    ['ConditionalExpression', 'i < values.length', 'false', 380],
    ['BlockStatement', foldBody, '{}'],
    ['ConditionalExpression', "typeof entry === 'object' && entry !== null", 'false', 382],
    ['StringLiteral', "'object'", '""', 382],
    ['ConditionalExpression', 'keys === undefined', 'true', 387],
    ['ConditionalExpression', 'keys === undefined', 'false', 387],
    ['EqualityOperator', 'keys === undefined', 'keys !== undefined', 387],
  ].map(([mutator, original, replacement, line]) =>
    hashEntry(mutator, original, replacement, line)
  ),
  {
    file: store,
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    reason: 'every key-list signature then starts with the same text, so distinct key ' +
      'sequences still give distinct signatures and equal ones equal signatures',
  },
  {
    file: store,
    mutator: 'ConditionalExpression',
    original: 'keys === undefined',
    replacement: 'true',
    line: 418,
    reason: 'an object record then keeps its hash state too, which is never read: only array ' +
      'records continue as prefixes',
  },
  ...[
    ['ConditionalExpression', 'record.keys !== keys', 'false'],
    ['ConditionalExpression', 'stored.length !== values.length', 'false'],
    ['BooleanLiteral', 'false', 'true', 434],
    ['ConditionalExpression', 'record.proto !== proto', 'false'],
    ['BooleanLiteral', 'false', 'true', 435],
  ].map(([mutator, original, replacement, line]) => ({
    file: store,
    mutator,
    original,
    replacement,
    ...(line === undefined ? {} : { line }),
    reason: collision,
  })),
  {
    file: store,
    mutator: 'EqualityOperator',
    original: 'i < values.length',
    replacement: 'i <= values.length',
    line: 436,
    reason: 'both lists have the same length here (checked above), so the extra round ' +
      'compares undefined with undefined',
  },
  {
    file: store,
    mutator: 'ConditionalExpression',
    original: 'key in node',
    replacement: 'true',
    reason: proxyPrototype + ' (the node is frozen right after either way)',
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
  // realtime_testing/realtime_turns.ts
  {
    file: 'realtime_testing/realtime_turns.ts',
    mutator: 'ConditionalExpression',
    original: 'inner.current() === undefined',
    replacement: 'true',
    reason: 'the current connection is the last one opened, so with no connection at all ' +
      '(`server.connections.length === 0`, the other half of the condition) there is no ' +
      'current one either: the first half never decides the outcome',
  },
  {
    file: 'realtime_testing/realtime_turns.ts',
    mutator: 'ConditionalExpression',
    original: 'serverInterrupts !== undefined',
    replacement: 'true',
    reason: 'only `session.created` calls sessionOf() without serverInterrupts; the mutant then ' +
      'adds `create_response` and `interrupt_response` with the value undefined, and the frame ' +
      'is JSON, which leaves undefined-valued keys out, so the client receives the same bytes ' +
      '(the keys the client set keep their values and places through the spread)',
  },
  {
    file: 'realtime_testing/realtime_turns.ts',
    mutator: 'EqualityOperator',
    original: 'i < count',
    replacement: 'i <= count',
    reason: 'the extra part starts at count * size, which is at least the text length (size is ' +
      'the length divided by count, rounded up), so it is always the empty string at an index ' +
      'above 0, and the filter below removes exactly those',
  },
  {
    file: 'realtime_testing/realtime_turns.ts',
    mutator: 'ConditionalExpression',
    original: "status === 'cancelled'",
    replacement: 'true',
    line: 576,
    reason: 'the reason is then also passed for a completed response, and finishEvents() reads ' +
      'it only for a cancelled one (`status_details` is null otherwise), so the events are the ' +
      'same',
  },
  // realtime_testing/realtime_transcript.ts
  {
    file: 'realtime_testing/realtime_transcript.ts',
    mutator: 'ConditionalExpression',
    original: "typeof document !== 'object'",
    replacement: 'false',
    reason: 'the document is parsed JSON: a non-object is null (caught by the other half) or a ' +
      'number, string or boolean, whose `format` is undefined, so the next check throws the ' +
      'same wrong_format error',
  },
  {
    file: 'realtime_testing/realtime_transcript.ts',
    mutator: 'ConditionalExpression',
    original: "typeof c === 'object'",
    replacement: 'true',
    reason: 'a connection is parsed JSON: a non-object is null (caught by `c !== null`) or a ' +
      'number, string or boolean, whose `url` is undefined, so `typeof c.url === ' +
      "'string'` refuses it all the same",
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
  // cassette/_live_key.ts: the keys from snapshots must equal the converted requests' keys
  // (tests/cassette_live_key_test.ts); what is left only changes how much work that takes.
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 37,
    reason:
      'the initial previous input then holds a string, which no input item (an object) equals, so nothing is shared with it, as with an empty list',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 38,
    reason:
      'the list numbers are truncated to the shared length (0 on the first call) before they are read',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 59,
    reason:
      'a request always carries its input; without one, the string item sends the call the general way, which keys the converted request (input []) the same',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ConditionalExpression',
    original:
      'previousFields === undefined || fields.some((field, i) => field !== previousFields[i])',
    replacement: 'true',
    line: 69,
    reason:
      'the live key is a fast path: this only makes it do more work (convert again, look up again, recompute the shared prefix) for the same key; the keys are checked against the converted requests by tests/cassette_live_key_test.ts',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ConditionalExpression',
    original: 'field !== previousFields[i]',
    replacement: 'true',
    line: 69,
    reason:
      'the live key is a fast path: this only makes it do more work (convert again, look up again, recompute the shared prefix) for the same key; the keys are checked against the converted requests by tests/cassette_live_key_test.ts',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'EqualityOperator',
    original: 'field !== previousFields[i]',
    replacement: 'field === previousFields[i]',
    line: 69,
    reason:
      'the live key is a fast path: this only makes it do more work (convert again, look up again, recompute the shared prefix) for the same key; the keys are checked against the converted requests by tests/cassette_live_key_test.ts',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'EqualityOperator',
    original: 'i < restFields.length',
    replacement: 'i <= restFields.length',
    line: 71,
    reason:
      'the extra index reads no field: restFields[length] is undefined, its default too, and an undefined value is not stored',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 79,
    reason:
      'the string entry is destructured into one-character strings and remembered under a string key that no input item (an object) looks up',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ConditionalExpression',
    original: "node === null || typeof node !== 'object'",
    replacement: 'false',
    line: 83,
    reason:
      'every input item the SDK sends is an object (a message, call or result item), so the guard never sends an item the general way; and a primitive item would be keyed the same (remembered under its own value)',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'LogicalOperator',
    original: "node === null || typeof node !== 'object'",
    replacement: "node === null && typeof node !== 'object'",
    line: 83,
    reason:
      'every input item the SDK sends is an object (a message, call or result item), so the guard never sends an item the general way; and a primitive item would be keyed the same (remembered under its own value)',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ConditionalExpression',
    original: 'node === null',
    replacement: 'false',
    line: 83,
    reason:
      'every input item the SDK sends is an object (a message, call or result item), so the guard never sends an item the general way; and a primitive item would be keyed the same (remembered under its own value)',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ConditionalExpression',
    original: "typeof node !== 'object'",
    replacement: 'false',
    line: 83,
    reason:
      'every input item the SDK sends is an object (a message, call or result item), so the guard never sends an item the general way; and a primitive item would be keyed the same (remembered under its own value)',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ConditionalExpression',
    original: '!this.#itemIds.has(node)',
    replacement: 'true',
    line: 84,
    reason:
      'the live key is a fast path: this only makes it do more work (convert again, look up again, recompute the shared prefix) for the same key; the keys are checked against the converted requests by tests/cassette_live_key_test.ts',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ConditionalExpression',
    original: 'conversion.pending.length > 0',
    replacement: 'true',
    line: 86,
    reason:
      'resolving a conversion with no pending blob does nothing but yield once, and the shared prefix is then recomputed to the same value',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'EqualityOperator',
    original: 'conversion.pending.length > 0',
    replacement: 'conversion.pending.length >= 0',
    line: 86,
    reason:
      'resolving a conversion with no pending blob does nothing but yield once, and the shared prefix is then recomputed to the same value',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'MethodExpression',
    original: 'Math.min(previous.length, input.length)',
    replacement: 'Math.max(previous.length, input.length)',
    line: 112,
    reason:
      'past the shorter list one side is undefined and the other an object, so the scan stops at the same index',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ConditionalExpression',
    original: 'i < n && input[i] === previous[i]',
    replacement: 'false',
    line: 114,
    reason:
      'the live key is a fast path: this only makes it do more work (convert again, look up again, recompute the shared prefix) for the same key; the keys are checked against the converted requests by tests/cassette_live_key_test.ts',
  },
  {
    file: 'cassette/_live_key.ts',
    mutator: 'ConditionalExpression',
    original: 'list !== UNKNOWN',
    replacement: 'true',
    line: 125,
    reason:
      'following from an unknown list already gives the unknown list (InteractionBook.follow)',
  },
  // cassette/cassette.ts
  {
    file: 'cassette/cassette.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 176,
    reason:
      "a slot that is a string has no `interaction`, so #current skips it, and #recordError's indexOf finds the real slots after it: the session reads the same",
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'BlockStatement',
    original: '{\n      loading = undefined;\n    }',
    replacement: '{}',
    line: 244,
    reason:
      "the constructor clears `loading` as its first statement (its field initializers cannot throw), so it is already undefined when fromJSON's finally runs",
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: 'this.#options.normalize !== undefined',
    replacement: 'true',
    line: 490,
    reason:
      'without a normalize hook, #normalize returns its argument: each loaded request is only replaced by an equal JSON copy (same key order), and matching, nearest diffs, interactions and toJSON all compare by content',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: 'this.#options.normalize !== undefined || this.#options.redact !== undefined',
    replacement: 'true',
    line: 529,
    reason:
      "taking the hooks' way without hooks converts the same live request without the snapshot store: the same stored request and key (#normalize and #redact return it unchanged), only the sharing of converted nodes between calls is lost",
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: "this.#mode !== 'record'",
    replacement: 'true',
    line: 530,
    reason:
      'in record the book is always empty (the constructor does not load a cassette given to record), so a key computed there never finds an interaction and the call is recorded all the same',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'StringLiteral',
    original: "'record'",
    replacement: '""',
    line: 530,
    reason:
      'in record the book is always empty (the constructor does not load a cassette given to record), so a key computed there never finds an interaction and the call is recorded all the same',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: 'hooks',
    replacement: 'true',
    line: 531,
    reason:
      "taking the hooks' way without hooks converts the same live request without the snapshot store: the same stored request and key (#normalize and #redact return it unchanged), only the sharing of converted nodes between calls is lost",
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: 'this.#options.redact === undefined',
    replacement: 'false',
    line: 534,
    reason:
      'with redact undefined, #redact only passes the interaction through canonicalInteraction, whose request is canonicalRequest of a request #normalize already canonicalized: the same request',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: 'key !== undefined',
    replacement: 'false',
    line: 541,
    reason:
      'the live key is a fast path: falling through converts the request now and keys the converted form, which gives the same key (tests/cassette_live_key_test.ts checks the live keys against the converted requests)',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'BlockStatement',
    original:
      '{\n      return { key, request: () => this.#convert(snapshot, this.#converted) };\n    }',
    replacement: '{}',
    line: 541,
    reason:
      'the live key is a fast path: falling through converts the request now and keys the converted form, which gives the same key (tests/cassette_live_key_test.ts checks the live keys against the converted requests)',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: 'conversion.pending.length > 0',
    replacement: 'true',
    line: 558,
    reason:
      'resolving a conversion with no pending blob does nothing but yield once; the converted request is the same',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'EqualityOperator',
    original: 'conversion.pending.length > 0',
    replacement: 'conversion.pending.length >= 0',
    line: 558,
    reason:
      'resolving a conversion with no pending blob does nothing but yield once; the converted request is the same',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: 'call.key === undefined',
    replacement: 'false',
    line: 570,
    reason:
      'a call has no key only in record, where the book is always empty (nothing is loaded in record), so taking undefined finds nothing either',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: 'call.key === undefined',
    replacement: 'false',
    line: 608,
    reason:
      'a call has no key only in record, where the book is always empty (nothing is loaded in record), so taking undefined finds nothing either',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: "this.#mode === 'update'",
    replacement: 'true',
    line: 642,
    reason:
      'in replay the session is never read (#current and toJSON read the book there), so also pushing replayed interactions to it changes nothing',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: "typeof error !== 'object' || error === null",
    replacement: 'false',
    line: 681,
    reason:
      'WeakMap.has and WeakMap.get return false and undefined for a primitive or null (they do not throw), and only objects are registered (#recordError), so such an error gets undefined all the same',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'LogicalOperator',
    original: "typeof error !== 'object' || error === null",
    replacement: "typeof error !== 'object' && error === null",
    line: 681,
    reason:
      'WeakMap.has and WeakMap.get return false and undefined for a primitive or null (they do not throw), and only objects are registered (#recordError), so such an error gets undefined all the same',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: "typeof error !== 'object'",
    replacement: 'false',
    line: 681,
    reason:
      'WeakMap.has and WeakMap.get return false and undefined for a primitive or null (they do not throw), and only objects are registered (#recordError), so such an error gets undefined all the same',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: 'error === null',
    replacement: 'false',
    line: 681,
    reason:
      'WeakMap.has and WeakMap.get return false and undefined for a primitive or null (they do not throw), and only objects are registered (#recordError), so such an error gets undefined all the same',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'OptionalChaining',
    original: 'real?.getRetryAdvice',
    replacement: 'real.getRetryAdvice',
    line: 690,
    reason:
      'an error is registered only for a model that was resolved and then called, so its real model is always found',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ConditionalExpression',
    original: 'advice === undefined',
    replacement: 'false',
    line: 684,
    reason: 'copyJson(undefined) returns undefined',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'OptionalChaining',
    original: 'interaction?.error',
    replacement: 'interaction.error',
    line: 692,
    reason:
      "an error is registered only after its slot's interaction is set (#recordError) and it is never unset, so `interaction` is never undefined here",
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ObjectLiteral',
    original: '{ interaction: undefined }',
    replacement: '{}',
    line: 737,
    reason:
      'the slot never leaves the cassette and is only read through `slot.interaction`, which is undefined whether the property is missing or set to undefined',
  },
  {
    file: 'cassette/cassette.ts',
    mutator: 'ObjectLiteral',
    original: '{ interaction: undefined }',
    replacement: '{}',
    line: 765,
    reason:
      'the slot never leaves the cassette and is only read through `slot.interaction`, which is undefined whether the property is missing or set to undefined',
  },
  // cassette/_match.ts: the loaded book. Its caches only save work: an item's number
  // comes from its JSON text, a list's from hash-consing, whichever way they are found.
  {
    file: 'cassette/_match.ts',
    line: 63,
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    reason: "an item's number is the table's length when it is first stored and only stored " +
      'numbers are read back, so a planted first entry only shifts every number by one',
  },
  {
    file: 'cassette/_list_numbers.ts',
    mutator: 'ArrayDeclaration',
    original: '[undefined]',
    replacement: '[]',
    reason: "the empty list's slot is filled on its first extension like every other slot, " +
      'so the next number is the same either way (1), and an absent slot reads as no extension',
  },
  {
    file: 'cassette/_match.ts',
    line: 80,
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    reason: 'the list numbers are cut to the shared length before one is read, and nothing is ' +
      'shared with the initial (empty) previous input',
  },
  {
    file: 'cassette/_match.ts',
    mutator: 'ConditionalExpression',
    original: 'shared < n && input[shared] === previous[shared]',
    replacement: 'false',
    reason: 'the prefix shared with the previous input only skips lookups: numbered from the ' +
      'start, the same items get the same numbers by their text and the same lists by ' +
      'hash-consing, and each item is replaced by the same stored item',
  },
  ...[
    ["item !== null && typeof item === 'object'", 'true', 'ConditionalExpression'],
    ["item !== null && typeof item === 'object'", 'false', 'ConditionalExpression'],
    [
      "item !== null && typeof item === 'object'",
      "item !== null || typeof item === 'object'",
      'LogicalOperator',
    ],
    ['item !== null', 'true', 'ConditionalExpression'],
    ['item !== null', 'item === null', 'EqualityOperator'],
    ["typeof item === 'object'", 'true', 'ConditionalExpression'],
    ["typeof item === 'object'", "typeof item !== 'object'", 'EqualityOperator'],
    ["'object'", '""', 'StringLiteral'],
    ['id === undefined', 'true', 'ConditionalExpression', 102],
    ['isObject', 'true', 'ConditionalExpression'],
    ['isObject', 'false', 'ConditionalExpression'],
  ].map(([original, replacement, mutator, line]) => ({
    file: 'cassette/_match.ts',
    line,
    mutator,
    original,
    replacement,
    reason: 'the numbers by item object only skip the text lookup: the loaded items are never ' +
      'changed, so a value found (or cached, primitives included) under itself has the same ' +
      'JSON text, whose number is the same',
  })),
  {
    file: 'cassette/_match.ts',
    mutator: 'ConditionalExpression',
    original: 'list !== UNKNOWN',
    replacement: 'true',
    reason: 'an early exit only: no list is numbered UNKNOWN, so following it stays UNKNOWN',
  },
  {
    file: 'cassette/_match.ts',
    mutator: 'ConditionalExpression',
    line: 203,
    original: 'best === undefined',
    replacement: 'true',
    reason: 'the count limit only stops counting once an entry cannot be nearer than the best ' +
      'so far: counted in full it is not smaller either, so the same entry wins',
  },
  // cassette/_delta.ts: the numbering that finds the earlier input each input continues.
  ...[
    ["value !== null && typeof value === 'object'", 'false', 'ConditionalExpression', 38],
    ["'object'", '""', 'StringLiteral', 38],
    ['isObject', 'true', 'ConditionalExpression', 39],
    ['isObject', 'false', 'ConditionalExpression', 39],
    [
      '{\n      const known = this.#itemsByObject.get(value);\n' +
      '      if (known !== undefined) return known;\n    }',
      '{}',
      'BlockStatement',
      39,
    ],
    ['known !== undefined', 'false', 'ConditionalExpression', 41],
    ['isObject', 'false', 'ConditionalExpression', 49],
  ].map(([original, replacement, mutator, line]) => ({
    file: 'cassette/_delta.ts',
    line,
    mutator,
    original,
    replacement,
    reason: "the numbers by item object only skip the text lookup: an item's JSON text does " +
      'not change while the cassette is written, so its text gives the same number (a ' +
      'primitive is never found in a WeakMap)',
  })),
  {
    file: 'cassette/_delta.ts',
    line: 75,
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    reason: 'the list numbers are cut to the shared length before one is read, and nothing is ' +
      'shared with the initial (empty) previous input',
  },
  ...['true', 'input.length >= 0'].map((replacement) => ({
    file: 'cassette/_delta.ts',
    mutator: replacement === 'true' ? 'ConditionalExpression' : 'EqualityOperator',
    original: 'input.length > 0',
    replacement,
    reason: 'an empty input is then registered under the empty list, which no search reads ' +
      '(it looks up lists of at least one item), and it shares nothing with the next input',
  })),
  {
    file: 'cassette/_delta.ts',
    mutator: 'ConditionalExpression',
    original: 'shared < n && input[shared] === previous[shared]',
    replacement: 'false',
    reason: 'the prefix shared with the previous input only skips lookups: numbered from the ' +
      'start, the same items get the same numbers by their text and the same lists by ' +
      'hash-consing',
  },
  {
    file: 'cassette/_delta.ts',
    mutator: 'ConditionalExpression',
    original: 'shared === 0',
    replacement: 'false',
    reason: 'with nothing shared, `lists[-1]` reads undefined, which then serves as the empty ' +
      "list's number for every input alike (its longer lists are kept under that key); the " +
      'empty list itself is never looked up',
  },
  {
    file: 'cassette/_delta.ts',
    mutator: 'ArithmeticOperator',
    original: 'input.length - 1',
    replacement: 'input.length + 1',
    reason: 'the search then starts two positions past the last list number, where `lists` ' +
      'reads undefined, under which no input is registered',
  },
  // cassette/_serialize.ts
  {
    file: 'cassette/_serialize.ts',
    line: 93,
    mutator: 'BlockStatement',
    original:
      "{\n  const source = interaction as unknown as Record<string, JsonValue>;\n  if (!inOrder(Object.keys(source), interactionKeys)) return false;\n  const request = interaction.request as unknown as Record<string, JsonValue>;\n  if (!inOrder(Object.keys(request), storedRequestKeys)) return false;\n  for (const key in request) if (!isSorted(request[key])) return false;\n  for (const key of ['response', 'events', 'error'] as const) {\n    if (source[key] !== undefined && !isSorted(source[key])) return false;\n  }\n  return true;\n}",
    replacement: '{}',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 95,
    mutator: 'ConditionalExpression',
    original: '!inOrder(Object.keys(source), interactionKeys)',
    replacement: 'true',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 97,
    mutator: 'ConditionalExpression',
    original: '!inOrder(Object.keys(request), storedRequestKeys)',
    replacement: 'true',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 98,
    mutator: 'ConditionalExpression',
    original: '!isSorted(request[key])',
    replacement: 'true',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 100,
    mutator: 'ConditionalExpression',
    original: 'source[key] !== undefined && !isSorted(source[key])',
    replacement: 'true',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 100,
    mutator: 'LogicalOperator',
    original: 'source[key] !== undefined && !isSorted(source[key])',
    replacement: 'source[key] !== undefined || !isSorted(source[key])',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 102,
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 106,
    mutator: 'BlockStatement',
    original:
      '{\n  let at = -1;\n  for (const key of keys) {\n    const next = order.indexOf(key);\n    if (next <= at) return false;\n    at = next;\n  }\n  return true;\n}',
    replacement: '{}',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 107,
    mutator: 'UnaryOperator',
    original: '-1',
    replacement: '+1',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 110,
    mutator: 'ConditionalExpression',
    original: 'next <= at',
    replacement: 'true',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 110,
    mutator: 'EqualityOperator',
    original: 'next <= at',
    replacement: 'next > at',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 113,
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 326,
    mutator: 'ConditionalExpression',
    original: 'fresh && isCanonicalInteraction(raw)',
    replacement: 'false',
    reason:
      "isCanonicalInteraction only lets a freshly parsed interaction skip the copy into the stored order: answering 'not in order' more often only makes the loader copy an interaction into the order it already has",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 100,
    mutator: 'ConditionalExpression',
    original: 'source[key] !== undefined',
    replacement: 'true',
    reason:
      'isSorted(undefined) is true (a primitive), so an absent outcome already passes the check',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 171,
    mutator: 'ArithmeticOperator',
    original: 'events.length - 1',
    replacement: 'events.length + 1',
    reason:
      'the search then starts two events past the end, where it reads undefined, which `event?.type` skips',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 181,
    mutator: 'ConditionalExpression',
    original: 'done.providerData !== undefined',
    replacement: 'true',
    reason:
      'an undefined providerData or rawUsage is skipped by every reader of the record (replayResponse and the printed script test `!== undefined`)',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 182,
    mutator: 'ConditionalExpression',
    original: 'done.rawUsage !== undefined',
    replacement: 'true',
    reason:
      'an undefined providerData or rawUsage is skipped by every reader of the record (replayResponse and the printed script test `!== undefined`)',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 210,
    mutator: 'ConditionalExpression',
    original: "typeof error === 'string'",
    replacement: 'false',
    reason:
      'String() of a string is the same string, so converting it directly or through String() gives the same message',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 210,
    mutator: 'StringLiteral',
    original: "'string'",
    replacement: '""',
    reason:
      'String() of a string is the same string, so converting it directly or through String() gives the same message',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 223,
    mutator: 'ConditionalExpression',
    original: 'headers !== undefined',
    replacement: 'true',
    reason: "redundant with `typeof headers === 'object'`, which is false for undefined",
  },
  {
    file: 'cassette/_serialize.ts',
    line: 238,
    mutator: 'ConditionalExpression',
    original: 'error.cause !== undefined',
    replacement: 'true',
    reason: 'an undefined cause converts to undefined, which the next check leaves out',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 321,
    mutator: 'ArrayDeclaration',
    original: 'new Array(stored.length)',
    replacement: 'new Array()',
    reason:
      'every slot is assigned in order before the array is read, so its initial length does not show',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 457,
    mutator: 'ConditionalExpression',
    original: '!hasDanglingRef(value, blobs)',
    replacement: 'false',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 462,
    mutator: 'ConditionalExpression',
    original: 'value === null',
    replacement: 'false',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 462,
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 463,
    mutator: 'ConditionalExpression',
    original: 'Array.isArray(value)',
    replacement: 'false',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 463,
    mutator: 'BlockStatement',
    original:
      '{\n    for (let i = 0; i < value.length; i++) if (hasDanglingRef(value[i], blobs)) return true;\n    return false;\n  }',
    replacement: '{}',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 464,
    mutator: 'EqualityOperator',
    original: 'i < value.length',
    replacement: 'i <= value.length',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 464,
    mutator: 'ConditionalExpression',
    original: 'hasDanglingRef(value[i], blobs)',
    replacement: 'true',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 465,
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 468,
    mutator: 'ConditionalExpression',
    original: 'digest !== undefined',
    replacement: 'true',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 468,
    mutator: 'EqualityOperator',
    original: 'digest !== undefined',
    replacement: 'digest === undefined',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 470,
    mutator: 'ConditionalExpression',
    original: 'hasDanglingRef(record[key], blobs)',
    replacement: 'true',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  {
    file: 'cassette/_serialize.ts',
    line: 471,
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    reason:
      'hasDanglingRef is only the quick pre-check before reportRef: answering true more often only makes reportRef walk the interaction, and it fails only on a real dangling reference',
  },
  // cassette/_json.ts
  {
    file: 'cassette/_json.ts',
    line: 47,
    mutator: 'BlockStatement',
    original: '{\n    this.cache = cache;\n  }',
    replacement: '{}',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 94,
    mutator: 'ConditionalExpression',
    original: 'cache !== undefined && isFrozen(value)',
    replacement: 'false',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 94,
    mutator: 'BlockStatement',
    original:
      '{\n    const cached = cache.get(value);\n    if (cached !== undefined) return cached;\n    const proto = getPrototypeOf(value);\n    if (Array.isArray(value) || proto === objectPrototype || proto === null) {\n      const converted = convertUncached(value, conversion, path, depth);\n      if (converted !== undefined) cache.set(value, converted);\n      return converted;\n    }\n  }',
    replacement: '{}',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 96,
    mutator: 'ConditionalExpression',
    original: 'cached !== undefined',
    replacement: 'false',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 98,
    mutator: 'ConditionalExpression',
    original: 'Array.isArray(value) || proto === objectPrototype || proto === null',
    replacement: 'false',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 98,
    mutator: 'LogicalOperator',
    original: 'Array.isArray(value) || proto === objectPrototype || proto === null',
    replacement: '(Array.isArray(value) || proto === objectPrototype) && proto === null',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 98,
    mutator: 'ConditionalExpression',
    original: 'Array.isArray(value) || proto === objectPrototype',
    replacement: 'false',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 98,
    mutator: 'LogicalOperator',
    original: 'Array.isArray(value) || proto === objectPrototype',
    replacement: 'Array.isArray(value) && proto === objectPrototype',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 98,
    mutator: 'ConditionalExpression',
    original: 'proto === objectPrototype',
    replacement: 'false',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 98,
    mutator: 'ConditionalExpression',
    original: 'proto === null',
    replacement: 'false',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 98,
    mutator: 'BlockStatement',
    original:
      '{\n      const converted = convertUncached(value, conversion, path, depth);\n      if (converted !== undefined) cache.set(value, converted);\n      return converted;\n    }',
    replacement: '{}',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 100,
    mutator: 'ConditionalExpression',
    original: 'converted !== undefined',
    replacement: 'true',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 100,
    mutator: 'ConditionalExpression',
    original: 'converted !== undefined',
    replacement: 'false',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 100,
    mutator: 'EqualityOperator',
    original: 'converted !== undefined',
    replacement: 'converted === undefined',
    reason:
      'the cache of converted snapshot nodes only saves work: the plain nodes of a snapshot never change, so converting one again (or not caching it) gives equal JSON',
  },
  {
    file: 'cassette/_json.ts',
    line: 119,
    mutator: 'ConditionalExpression',
    original: 'tracked',
    replacement: 'true',
    reason: 'deleting a value the ancestor set never held does nothing',
  },
  {
    file: 'cassette/_json.ts',
    line: 130,
    mutator: 'ArrayDeclaration',
    original: 'new Array(value.length)',
    replacement: 'new Array()',
    reason:
      'every slot is assigned in order before the array is read, so its initial length does not show',
  },
  {
    file: 'cassette/_json.ts',
    line: 354,
    mutator: 'ArrayDeclaration',
    original: 'new Array(value.length)',
    replacement: 'new Array()',
    reason:
      'every slot is assigned in order before the array is read, so its initial length does not show',
  },
  {
    file: 'cassette/_json.ts',
    line: 136,
    mutator: 'ConditionalExpression',
    original: 'value instanceof Date',
    replacement: 'false',
    reason:
      'a Date then reaches the generic branch, which calls Date.prototype.toJSON: the same ISO text, and null for an invalid date',
  },
  {
    file: 'cassette/_json.ts',
    line: 140,
    mutator: 'ConditionalExpression',
    original: "typeof Headers !== 'undefined'",
    replacement: 'true',
    reason: 'Headers exists in every runtime this code runs in (the guard is for others)',
  },
  {
    file: 'cassette/_json.ts',
    line: 140,
    mutator: 'StringLiteral',
    original: "'undefined'",
    replacement: '""',
    reason: 'Headers exists in every runtime this code runs in (the guard is for others)',
  },
  {
    file: 'cassette/_json.ts',
    line: 170,
    mutator: 'ObjectLiteral',
    original: "{ [BLOB_KEY]: '' }",
    replacement: '{}',
    reason:
      'a blob reference gets its digest from BlobTable.resolve, which every conversion goes through before its JSON is stored or keyed, so its initial content never shows',
  },
  {
    file: 'cassette/_json.ts',
    line: 170,
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    reason:
      'a blob reference gets its digest from BlobTable.resolve, which every conversion goes through before its JSON is stored or keyed, so its initial content never shows',
  },
  {
    file: 'cassette/_json.ts',
    line: 177,
    mutator: 'ConditionalExpression',
    original: "key === '__proto__'",
    replacement: 'true',
    reason:
      'defining an enumerable, writable, configurable data property on a fresh plain object is what assignment does for every key but `__proto__`',
  },
  {
    file: 'cassette/_json.ts',
    line: 193,
    mutator: 'ConditionalExpression',
    original: 'known === undefined',
    replacement: 'true',
    reason:
      'the cache of credential names only saves calling isCredentialName again; its size bound only limits memory',
  },
  {
    file: 'cassette/_json.ts',
    line: 196,
    mutator: 'ConditionalExpression',
    original: 'credentialKeys.size < 4096',
    replacement: 'true',
    reason:
      'the cache of credential names only saves calling isCredentialName again; its size bound only limits memory',
  },
  {
    file: 'cassette/_json.ts',
    line: 196,
    mutator: 'ConditionalExpression',
    original: 'credentialKeys.size < 4096',
    replacement: 'false',
    reason:
      'the cache of credential names only saves calling isCredentialName again; its size bound only limits memory',
  },
  {
    file: 'cassette/_json.ts',
    line: 196,
    mutator: 'EqualityOperator',
    original: 'credentialKeys.size < 4096',
    replacement: 'credentialKeys.size <= 4096',
    reason:
      'the cache of credential names only saves calling isCredentialName again; its size bound only limits memory',
  },
  {
    file: 'cassette/_json.ts',
    line: 196,
    mutator: 'EqualityOperator',
    original: 'credentialKeys.size < 4096',
    replacement: 'credentialKeys.size >= 4096',
    reason:
      'the cache of credential names only saves calling isCredentialName again; its size bound only limits memory',
  },
  {
    file: 'cassette/_json.ts',
    line: 207,
    mutator: 'ConditionalExpression',
    original: 'n > INSERTION_SORT_MAX',
    replacement: 'true',
    reason:
      "both sorts give the same code-unit order (an object's keys are unique); the key count only picks the faster one",
  },
  {
    file: 'cassette/_json.ts',
    line: 207,
    mutator: 'ConditionalExpression',
    original: 'n > INSERTION_SORT_MAX',
    replacement: 'false',
    reason:
      "both sorts give the same code-unit order (an object's keys are unique); the key count only picks the faster one",
  },
  {
    file: 'cassette/_json.ts',
    line: 207,
    mutator: 'EqualityOperator',
    original: 'n > INSERTION_SORT_MAX',
    replacement: 'n >= INSERTION_SORT_MAX',
    reason:
      "both sorts give the same code-unit order (an object's keys are unique); the key count only picks the faster one",
  },
  {
    file: 'cassette/_json.ts',
    line: 207,
    mutator: 'EqualityOperator',
    original: 'n > INSERTION_SORT_MAX',
    replacement: 'n <= INSERTION_SORT_MAX',
    reason:
      "both sorts give the same code-unit order (an object's keys are unique); the key count only picks the faster one",
  },
  {
    file: 'cassette/_json.ts',
    line: 215,
    mutator: 'ConditionalExpression',
    original: 'j >= 0',
    replacement: 'true',
    reason:
      'at j = -1, keys[-1] is undefined and `undefined > key` is false, so the loop stops there anyway',
  },
  {
    file: 'cassette/_json.ts',
    line: 215,
    mutator: 'EqualityOperator',
    original: 'keys[j] > key',
    replacement: 'keys[j] >= key',
    reason: "an object's keys are unique, so no two compare equal",
  },
  {
    file: 'cassette/_json.ts',
    line: 241,
    mutator: 'EqualityOperator',
    original: 'previous < key',
    replacement: 'previous <= key',
    reason: "an object's keys are unique, so no two compare equal",
  },
  {
    file: 'cassette/_json.ts',
    line: 223,
    mutator: 'EqualityOperator',
    original: 'type > 0',
    replacement: 'type >= 0',
    reason: 'with `type` already first, the loop does nothing and `type` is written back in place',
  },
  {
    file: 'cassette/_json.ts',
    line: 224,
    mutator: 'EqualityOperator',
    original: 'i > 0',
    replacement: 'i >= 0',
    reason: 'the extra step copies keys[-1] (undefined) into keys[0], which is then set to `type`',
  },
  {
    file: 'cassette/_json.ts',
    line: 231,
    mutator: 'BlockStatement',
    original:
      "{\n  if (value === null || typeof value !== 'object') return true;\n  if (Array.isArray(value)) {\n    for (let i = 0; i < value.length; i++) if (!isSorted(value[i])) return false;\n    return true;\n  }\n  let previous: string | undefined;\n  for (const key in value) {\n    if (previous === undefined) {\n      if (key !== 'type' && Object.hasOwn(value, 'type')) return false;\n    } else if (key === 'type' || (previous !== 'type' && !(previous < key))) {\n      return false;\n    }\n    previous = key;\n    if (!isSorted(value[key])) return false;\n  }\n  return true;\n}",
    replacement: '{}',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 232,
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 233,
    mutator: 'ConditionalExpression',
    original: 'Array.isArray(value)',
    replacement: 'false',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 233,
    mutator: 'BlockStatement',
    original:
      '{\n    for (let i = 0; i < value.length; i++) if (!isSorted(value[i])) return false;\n    return true;\n  }',
    replacement: '{}',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 234,
    mutator: 'ConditionalExpression',
    original: '!isSorted(value[i])',
    replacement: 'true',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 235,
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 239,
    mutator: 'ConditionalExpression',
    original: 'previous === undefined',
    replacement: 'false',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 239,
    mutator: 'EqualityOperator',
    original: 'previous === undefined',
    replacement: 'previous !== undefined',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 240,
    mutator: 'ConditionalExpression',
    original: "key !== 'type' && Object.hasOwn(value, 'type')",
    replacement: 'true',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 240,
    mutator: 'LogicalOperator',
    original: "key !== 'type' && Object.hasOwn(value, 'type')",
    replacement: "key !== 'type' || Object.hasOwn(value, 'type')",
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 240,
    mutator: 'ConditionalExpression',
    original: "key !== 'type'",
    replacement: 'true',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 241,
    mutator: 'ConditionalExpression',
    original: "key === 'type' || (previous !== 'type' && !(previous < key))",
    replacement: 'true',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 241,
    mutator: 'EqualityOperator',
    original: "key === 'type'",
    replacement: "key !== 'type'",
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 241,
    mutator: 'LogicalOperator',
    original: "previous !== 'type' && !(previous < key)",
    replacement: "previous !== 'type' || !(previous < key)",
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 241,
    mutator: 'ConditionalExpression',
    original: "previous !== 'type'",
    replacement: 'true',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 241,
    mutator: 'ConditionalExpression',
    original: 'previous < key',
    replacement: 'false',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 245,
    mutator: 'ConditionalExpression',
    original: '!isSorted(value[key])',
    replacement: 'true',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 247,
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    reason:
      "isSorted only lets a freshly parsed interaction skip the copy into the stored order; this change only makes it answer 'unsorted' for more objects, so the loader copies what it could have kept as it was",
  },
  {
    file: 'cassette/_json.ts',
    line: 232,
    mutator: 'ConditionalExpression',
    original: 'value === null',
    replacement: 'false',
    reason: "null has no keys, so it still answers 'sorted'",
  },
  {
    file: 'cassette/_json.ts',
    line: 234,
    mutator: 'EqualityOperator',
    original: 'i < value.length',
    replacement: 'i <= value.length',
    reason: "past the end the loop reads undefined, which is 'sorted'",
  },
  {
    file: 'cassette/_json.ts',
    line: 239,
    mutator: 'BlockStatement',
    original: "{\n      if (key !== 'type' && Object.hasOwn(value, 'type')) return false;\n    }",
    replacement: '{}',
    reason:
      "a `type` key that is not first is still caught when the loop reaches it (`key === 'type'` answers 'unsorted')",
  },
  {
    file: 'cassette/_json.ts',
    line: 240,
    mutator: 'ConditionalExpression',
    original: "key !== 'type' && Object.hasOwn(value, 'type')",
    replacement: 'false',
    reason:
      "a `type` key that is not first is still caught when the loop reaches it (`key === 'type'` answers 'unsorted')",
  },
  {
    file: 'cassette/_json.ts',
    line: 240,
    mutator: 'EqualityOperator',
    original: "key !== 'type'",
    replacement: "key === 'type'",
    reason:
      "a `type` key that is not first is still caught when the loop reaches it (`key === 'type'` answers 'unsorted')",
  },
  {
    file: 'cassette/_json.ts',
    line: 241,
    mutator: 'ConditionalExpression',
    original: "key === 'type'",
    replacement: 'false',
    reason:
      'a `type` key that is not first is already caught by the first-key rule (the object has `type` and its first key is another)',
  },
  {
    file: 'cassette/_json.ts',
    line: 240,
    mutator: 'StringLiteral',
    original: "'type'",
    replacement: '""',
    reason:
      "either 'type' on this line: `key !== ''` makes the first-key rule answer 'unsorted' for more objects (a copy the loader could skip), and `hasOwn(value, '')` turns it off, when a `type` key that is not first is still caught when the loop reaches it (`key === 'type'` answers 'unsorted')",
  },
  {
    file: 'cassette/_json.ts',
    line: 241,
    mutator: 'StringLiteral',
    original: "'type'",
    replacement: '""',
    reason:
      "either 'type' on this line: `key === ''` never holds, when a `type` key that is not first is already caught by the first-key rule (the object has `type` and its first key is another); and `previous !== ''` always holds, which only makes the order check answer 'unsorted' for more objects (a copy the loader could skip)",
  },
  {
    file: 'cassette/_json.ts',
    line: 264,
    mutator: 'EqualityOperator',
    original: 'i < bytes.length',
    replacement: 'i <= bytes.length',
    reason: 'the extra chunk starts at the end and adds nothing',
  },
  {
    file: 'cassette/_json.ts',
    line: 287,
    mutator: 'ConditionalExpression',
    original: 'digest === undefined',
    replacement: 'true',
    reason: 'hashing a known payload again gives the same digest; the cache only saves the hashing',
  },
  {
    file: 'cassette/_json.ts',
    line: 325,
    mutator: 'ConditionalExpression',
    original: "value === null || typeof value !== 'object' || Array.isArray(value)",
    replacement: 'false',
    reason:
      'every caller passes a non-null object (collectRefs, restore and hasDanglingRef have already handled primitives and arrays, reportRef primitives); on an array `$blob` reads undefined, which is no digest',
  },
  {
    file: 'cassette/_json.ts',
    line: 325,
    mutator: 'LogicalOperator',
    original: "value === null || typeof value !== 'object' || Array.isArray(value)",
    replacement: "(value === null || typeof value !== 'object') && Array.isArray(value)",
    reason:
      'every caller passes a non-null object (collectRefs, restore and hasDanglingRef have already handled primitives and arrays, reportRef primitives); on an array `$blob` reads undefined, which is no digest',
  },
  {
    file: 'cassette/_json.ts',
    line: 325,
    mutator: 'ConditionalExpression',
    original: "value === null || typeof value !== 'object'",
    replacement: 'false',
    reason:
      'every caller passes a non-null object (collectRefs, restore and hasDanglingRef have already handled primitives and arrays, reportRef primitives); on an array `$blob` reads undefined, which is no digest',
  },
  {
    file: 'cassette/_json.ts',
    line: 325,
    mutator: 'LogicalOperator',
    original: "value === null || typeof value !== 'object'",
    replacement: "value === null && typeof value !== 'object'",
    reason:
      'every caller passes a non-null object (collectRefs, restore and hasDanglingRef have already handled primitives and arrays, reportRef primitives); on an array `$blob` reads undefined, which is no digest',
  },
  {
    file: 'cassette/_json.ts',
    line: 325,
    mutator: 'ConditionalExpression',
    original: 'value === null',
    replacement: 'false',
    reason:
      'every caller passes a non-null object (collectRefs, restore and hasDanglingRef have already handled primitives and arrays, reportRef primitives); on an array `$blob` reads undefined, which is no digest',
  },
  {
    file: 'cassette/_json.ts',
    line: 325,
    mutator: 'ConditionalExpression',
    original: "typeof value !== 'object'",
    replacement: 'false',
    reason:
      'every caller passes a non-null object (collectRefs, restore and hasDanglingRef have already handled primitives and arrays, reportRef primitives); on an array `$blob` reads undefined, which is no digest',
  },
  {
    file: 'cassette/_json.ts',
    line: 334,
    mutator: 'ConditionalExpression',
    original: 'value === null',
    replacement: 'false',
    reason:
      'null then reaches blobRef, which finds no digest, and a for-in over null visits nothing',
  },
  {
    file: 'cassette/_json.ts',
    line: 335,
    mutator: 'ConditionalExpression',
    original: 'Array.isArray(value)',
    replacement: 'false',
    reason:
      'an array then takes the object branch: blobRef finds no digest on it and for-in visits its items',
  },
  {
    file: 'cassette/_json.ts',
    line: 335,
    mutator: 'BlockStatement',
    original: '{\n    for (const item of value) collectRefs(item, into);\n    return;\n  }',
    replacement: '{}',
    reason:
      'an array then takes the object branch: blobRef finds no digest on it and for-in visits its items',
  },
  // cassette/_diff.ts
  {
    file: 'cassette/_diff.ts',
    line: 46,
    mutator: 'LogicalOperator',
    original: 'options.countLimit ?? Number.POSITIVE_INFINITY',
    replacement: 'options.countLimit && Number.POSITIVE_INFINITY',
    reason:
      'the count limit only stops counting an entry that can no longer be nearer than the best so far: counting on (or one further) leaves it no smaller, so the same entry wins, and the winner, below the limit, is counted and listed in full',
  },
  {
    file: 'cassette/_diff.ts',
    line: 49,
    mutator: 'ConditionalExpression',
    original: 'count >= countLimit',
    replacement: 'false',
    reason:
      'the count limit only stops counting an entry that can no longer be nearer than the best so far: counting on (or one further) leaves it no smaller, so the same entry wins, and the winner, below the limit, is counted and listed in full',
  },
  {
    file: 'cassette/_diff.ts',
    line: 49,
    mutator: 'EqualityOperator',
    original: 'count >= countLimit',
    replacement: 'count > countLimit',
    reason:
      'the count limit only stops counting an entry that can no longer be nearer than the best so far: counting on (or one further) leaves it no smaller, so the same entry wins, and the winner, below the limit, is counted and listed in full',
  },
  {
    file: 'cassette/_diff.ts',
    line: 54,
    mutator: 'LogicalOperator',
    original: 'Array.isArray(a) && Array.isArray(b)',
    replacement: 'Array.isArray(a) || Array.isArray(b)',
    reason: 'inside this branch both sides are arrays or neither is, so `||` and `&&` agree',
  },
  {
    file: 'cassette/_diff.ts',
    line: 56,
    mutator: 'EqualityOperator',
    original: 'i < length',
    replacement: 'i <= length',
    reason: 'the extra step compares undefined with undefined, which are equal: no difference',
  },
  // cassette_fs/open_cassette.ts
  {
    file: 'cassette_fs/open_cassette.ts',
    line: 64,
    mutator: 'BlockStatement',
    original:
      '{\n    // No permission to read the environment: the default applies.\n    value = undefined;\n  }',
    replacement: '{}',
    reason:
      '`value` is still undefined when reading the environment throws, so emptying the catch block leaves the same default',
  },
  {
    file: 'cassette_fs/open_cassette.ts',
    line: 144,
    mutator: 'OptionalChaining',
    original: '(error as { code?: unknown })?.code',
    replacement: '(error as {\n  code?: unknown;\n}).code',
    reason: 'readFile rejects with an Error object, never with null or undefined',
  },
  {
    file: 'cassette_fs/open_cassette.ts',
    line: 155,
    mutator: 'ObjectLiteral',
    original: "{ encoding: 'utf8', flag: 'wx' }",
    replacement: '{}',
    reason:
      "without options writeFile writes a string as UTF-8 with flag 'w'; 'wx' only guards against a temporary name that exists already, and the name holds a fresh random UUID",
  },
  {
    file: 'cassette_fs/open_cassette.ts',
    line: 155,
    mutator: 'StringLiteral',
    original: "'utf8'",
    replacement: '""',
    reason: 'an empty encoding is falsy, so writeFile uses its default, UTF-8',
  },
  {
    file: 'cassette_fs/open_cassette.ts',
    line: 155,
    mutator: 'StringLiteral',
    original: "'wx'",
    replacement: '""',
    reason:
      "an empty flag is falsy, so writeFile uses 'w'; 'wx' only guards against a temporary name that exists already, and the name holds a fresh random UUID",
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
    mutator: 'StringLiteral',
    original: "'0'",
    replacement: '""',
    line: 584,
    reason:
      "a missing exponent defaults to '0'; Number('') is 0 as well, so the decimal count is the same",
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'StringLiteral',
    original: "','",
    replacement: '""',
    line: 677,
    reason:
      'each entry is a JSON-quoted key, a colon and a complete encoded value, so the entries of an object cannot run into each other: two objects give the same joined text with or without the comma separator',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 772,
    reason:
      "a string placed in an option list is emitted as undefined (emit() has no case for it), and join('') writes undefined as the empty string, so every option emits the same text",
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 776,
    reason:
      "a string placed in an option list is emitted as undefined (emit() has no case for it), and join('') writes undefined as the empty string, so every option emits the same text",
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: "char === '{'",
    replacement: 'true',
    line: 792,
    reason:
      'any other character fails the match on /^\\{…\\}/ and returns the atom unchanged, exactly as the branch for a character that is no quantifier',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: "source[position] === '+'",
    replacement: 'false',
    line: 800,
    reason:
      'JavaScript has no possessive quantifiers: a "+" right after a quantifier is a syntax error, so no compiled pattern has one there',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'StringLiteral',
    original: "'+'",
    replacement: '""',
    line: 800,
    reason:
      'JavaScript has no possessive quantifiers: a "+" right after a quantifier is a syntax error, so no compiled pattern has one there',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ObjectLiteral',
    original: "{ kind: 'empty' }",
    replacement: '{}',
    line: 809,
    reason:
      'anchors cannot be quantified, so their node only ever sits in an option list, where emit() returning undefined for a node without a known kind joins as the same empty string',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'StringLiteral',
    original: "'empty'",
    replacement: '""',
    line: 809,
    reason:
      'anchors cannot be quantified, so their node only ever sits in an option list, where emit() returning undefined for a node without a known kind joins as the same empty string',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: 'position < source.length',
    replacement: 'true',
    line: 819,
    reason:
      'a compiled pattern closes every group, so the skip over a lookaround always ends on its closing parenthesis before the end of the source',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'EqualityOperator',
    original: 'position < source.length',
    replacement: 'position <= source.length',
    line: 819,
    reason:
      'a compiled pattern closes every group, so the skip over a lookaround always ends on its closing parenthesis before the end of the source',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ObjectLiteral',
    original: "{ kind: 'empty' }",
    replacement: '{}',
    line: 840,
    reason:
      'word boundaries cannot be quantified, so their node only ever sits in an option list, where emit() returning undefined for a node without a known kind joins as the same empty string',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'StringLiteral',
    original: "'empty'",
    replacement: '""',
    line: 840,
    reason:
      'word boundaries cannot be quantified, so their node only ever sits in an option list, where emit() returning undefined for a node without a known kind joins as the same empty string',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'Regex',
    original: '/^(General_Category|gc)=/',
    replacement: '/(General_Category|gc)=/',
    line: 886,
    reason:
      'only the General_Category= and gc= forms contain those words followed by "=", and both start the name, so the unanchored prefix removes the same text',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'Regex',
    original: '/^(Ll|Lowercase_Letter|Lowercase|Lower)$/',
    replacement: '/(Ll|Lowercase_Letter|Lowercase|Lower)$/',
    line: 888,
    reason:
      'no valid Unicode property name other than Ll, Lowercase_Letter, Lowercase and Lower (and their gc= forms) starts or ends with one of them, so the unanchored test accepts the same names',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'Regex',
    original: '/^(Ll|Lowercase_Letter|Lowercase|Lower)$/',
    replacement: '/^(Ll|Lowercase_Letter|Lowercase|Lower)/',
    line: 888,
    reason:
      'no valid Unicode property name other than Ll, Lowercase_Letter, Lowercase and Lower (and their gc= forms) starts or ends with one of them, so the unanchored test accepts the same names',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'Regex',
    original: '/^(Lu|Uppercase_Letter|Uppercase|Upper)$/',
    replacement: '/(Lu|Uppercase_Letter|Uppercase|Upper)$/',
    line: 891,
    reason:
      'no valid Unicode property name other than Lu, Uppercase_Letter, Uppercase and Upper (and their gc= forms) starts or ends with one of them, so the unanchored test accepts the same names',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'Regex',
    original: '/^(Lu|Uppercase_Letter|Uppercase|Upper)$/',
    replacement: '/^(Lu|Uppercase_Letter|Uppercase|Upper)/',
    line: 891,
    reason:
      'no valid Unicode property name other than Lu, Uppercase_Letter, Uppercase and Upper (and their gc= forms) starts or ends with one of them, so the unanchored test accepts the same names',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: 'position < source.length',
    replacement: 'true',
    line: 909,
    reason:
      'a compiled pattern closes every class, so the loop always stops at its "]" before the end of the source',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'EqualityOperator',
    original: 'position < source.length',
    replacement: 'position <= source.length',
    line: 909,
    reason:
      'a compiled pattern closes every class, so the loop always stops at its "]" before the end of the source',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: 'position + 1 < source.length',
    replacement: 'true',
    line: 917,
    reason:
      'the position test only differs when "-" is the last character of the source, which leaves the class unclosed, and no compiled pattern does',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'EqualityOperator',
    original: 'position + 1 < source.length',
    replacement: 'position + 1 <= source.length',
    line: 917,
    reason:
      'the position test only differs when "-" is the last character of the source, which leaves the class unclosed, and no compiled pattern does',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ArithmeticOperator',
    original: 'position + 1',
    replacement: 'position - 1',
    line: 917,
    reason:
      'the position test only differs when "-" is the last character of the source, which leaves the class unclosed, and no compiled pattern does',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: "source[position] !== ']'",
    replacement: 'false',
    line: 934,
    reason:
      'a compiled pattern closes every class and the class loop stops only at its "]", so the check for a missing one never fires',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'StringLiteral',
    original: "'an unclosed character class'",
    replacement: '""',
    line: 934,
    reason:
      'a compiled pattern closes every class and the class loop stops only at its "]", so the check for a missing one never fires',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value === 'number'",
    replacement: 'true',
    line: 1122,
    reason:
      'Number.isFinite() is false for every value that is not a number (it does not convert), so the type test adds nothing',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value === 'number'",
    replacement: 'true',
    line: 1124,
    reason:
      'Number.isInteger() is false for every value that is not a number (it does not convert), so the type test adds nothing',
  },
  {
    file: 'testing/_schema_values.ts',
    mutator: 'ConditionalExpression',
    original: 'default:\n      return false;',
    replacement: 'default:',
    line: 1129,
    reason:
      'without its return the default case leaves the switch and the function returns undefined, which its callers read as false',
  },

  // testing/_model_input.ts
  {
    file: 'testing/_model_input.ts',
    mutator: 'ConditionalExpression',
    original: "typeof type !== 'string'",
    replacement: 'false',
    reason: 'stepTypes is a Set of strings, so a type that is not a string is never in it: ' +
      '`!stepTypes.has(type)` throws the same error for it, and the message then picks the same ' +
      'branch (`typeof type === "string"` is false)',
  },
  {
    file: 'testing/_model_input.ts',
    mutator: 'ConditionalExpression',
    original: "typeof step.retryAdvice === 'function'",
    replacement: 'false',
    reason: 'snapshotValue() returns functions unchanged (it copies only objects), so a callback ' +
      'sent down the snapshot branch is still kept by reference',
  },
  {
    file: 'testing/_model_input.ts',
    mutator: 'StringLiteral',
    original: "'function'",
    replacement: '""',
    line: 119,
    reason: 'makes the callback test always false; snapshotValue() returns functions unchanged, ' +
      'so a callback is still kept by reference',
  },
  {
    file: 'testing/_model_input.ts',
    mutator: 'ConditionalExpression',
    original: "typeof atEvent !== 'number'",
    replacement: 'false',
    reason: 'Number.isSafeInteger() is false for every value that is not a number, so the next ' +
      'condition rejects the same holds with the same error',
  },

  // testing/offline_guard.ts
  {
    file: 'testing/offline_guard.ts',
    mutator: 'StringLiteral',
    original: "'offlineGuard'",
    replacement: '""',
    line: 144,
    reason: 'runTeardownChecks() names the double only in the headline of an AggregateError, ' +
      'built for two failed checks or more; the guard passes a single check, whose error is ' +
      'rethrown as is (a DoubleFailuresError naming the FailureLog, not this label)',
  },
  {
    file: 'testing/offline_guard.ts',
    mutator: 'ConditionalExpression',
    original: "typeof input === 'string'",
    replacement: 'false',
    reason: 'a string is not an object, so it falls through to `String(input)`, which returns ' +
      'the same string',
  },
  {
    file: 'testing/offline_guard.ts',
    mutator: 'StringLiteral',
    original: "'string'",
    replacement: '""',
    line: 163,
    reason: 'makes the string test always false; a string then falls through to ' +
      '`String(input)`, which returns the same string',
  },

  // testing/_model_response.ts
  ...[55, 56, 57, 59].map((line) => ({
    file: 'testing/_model_response.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line,
    reason: "a flag of the enqueue-time copy's `rawUsage` property. The copy never leaves the " +
      'model: a response with a `rawUsage` key is always rebuilt by normalizeResponse(), which ' +
      'only tests the key with hasOwnProperty (blind to the flags), reads it once with a get, ' +
      'and skips it when copying the other keys; nothing writes, redefines or enumerates it',
  })),
  {
    file: 'testing/_model_response.ts',
    mutator: 'ObjectLiteral',
    original: '{ requests: 1 }',
    replacement: '{}',
    reason: "the SDK's Usage constructor counts one request for any input object " +
      '(`input?.requests ?? 1`), so both build the same Usage',
  },
  {
    file: 'testing/_model_response.ts',
    mutator: 'BlockStatement',
    original: '{\n      rawUsage = undefined;\n    }',
    replacement: '{}',
    reason: 'rawUsage is still undefined when the catch runs: it is declared undefined and only ' +
      'assigned once snapshotRawUsage() has returned, which is the last thing the try does',
  },

  // testing/_retry_advice.ts
  {
    file: 'testing/_retry_advice.ts',
    mutator: 'EqualityOperator',
    original: 'index < 0',
    replacement: 'index <= 0',
    line: 42,
    reason: 'only adds a second search when the very request is record 0; that record has the ' +
      'same mode and, being the same object, the same input, settings, tools and handoffs, so ' +
      'the field search finds it first and returns 0 again',
  },
  {
    file: 'testing/_retry_advice.ts',
    mutator: 'EqualityOperator',
    original: 'index < 0',
    replacement: 'index <= 0',
    line: 51,
    reason: 'only adds a mode-only search when record 0 was found; record 0 has the mode asked ' +
      'for, so that search finds it first and returns 0 again',
  },
  ...[45, 46, 47, 48].map((line) => ({
    file: 'testing/_retry_advice.ts',
    mutator: 'OptionalChaining',
    original: `r.request?.${['input', 'modelSettings', 'tools', 'handoffs'][line - 45]}`,
    replacement: `r.request.${['input', 'modelSettings', 'tools', 'handoffs'][line - 45]}`,
    reason: "a record's request is never nullish: getResponse() and getStreamedResponse() read " +
      '`request.signal` (recording the call) before any error step runs and leaves its advice, ' +
      'so a nullish request throws a TypeError there and is never remembered',
  })),
  {
    file: 'testing/_retry_advice.ts',
    mutator: 'ConditionalExpression',
    original: 'records.length === 0',
    replacement: 'false',
    reason: 'only keeps an empty list under the error instead of deleting it: take() then finds ' +
      'no record in it and returns undefined, as for an unknown error, and remember() appends ' +
      'to it as to a new list',
  },

  // _internal/credentials.ts
  {
    file: '_internal/credentials.ts',
    mutator: 'ConditionalExpression',
    original: '!mayContainCredentialText(text)',
    replacement: 'false',
    reason: 'the pre-filter only saves work: every credential pattern needs one of the hint ' +
      'prefixes (sk-, ek_, bearer, basic) and at least 11 characters, so a text the filter ' +
      'skips has no match and the patterns return it unchanged',
  },
  ...[
    [
      'LogicalOperator',
      "typeof scheme === 'string' && /^(bearer|basic)$/i.test(scheme)",
      "typeof scheme === 'string' || /^(bearer|basic)$/i.test(scheme)",
    ],
    ['ConditionalExpression', "typeof scheme === 'string'", 'true'],
    ['Regex', '/^(bearer|basic)$/i', '/(bearer|basic)$/i'],
    ['Regex', '/^(bearer|basic)$/i', '/^(bearer|basic)/i'],
  ].map(([mutator, original, replacement]) => ({
    file: '_internal/credentials.ts',
    mutator,
    original,
    replacement,
    reason: 'replace() hands the callback a capture group only for the Bearer/Basic pattern, ' +
      "where it is exactly the scheme word (in the text's case); for the key patterns, which " +
      'capture nothing, the second argument is the match offset, a number whose decimal text ' +
      'never matches bearer or basic, anchored or not. So every variant keeps the scheme for ' +
      'tokens and replaces keys whole, as the original does',
  })),

  // realtime_testing/_fake_socket.ts
  {
    file: 'realtime_testing/_fake_socket.ts',
    mutator: 'ConditionalExpression',
    original: 'code !== undefined',
    replacement: 'true',
    reason: 'an undefined code passes the range test anyway: `undefined < 3000` and ' +
      '`undefined > 4999` are both false, so close() without a code never throws either way',
  },
  // realtime_testing/scripted_realtime_server_errors.ts
  {
    file: 'realtime_testing/scripted_realtime_server_errors.ts',
    mutator: 'EqualityOperator',
    original: 'i >= 0',
    replacement: 'i > 0',
    reason: "leaves the LCS table's row 0 at zeros, and row 0 is read only by the walk's " +
      '`lcs[i + 1][j] >= lcs[i][j + 1]` at i = 0, where the original is always true too: the ' +
      'first line of a pretty-printed JSON value (`{`, `[`, `{}`, `[]` or a primitive) never ' +
      'equals a later line of another one (those are indented, or a closing `}`/`]`), so ' +
      'lcs[0][j + 1] = LCS(a[1..], b[j + 1..]) <= lcs[1][j]; the drift values are parsed JSON ' +
      "(recorded events and the client's frames), never a value whose String() spans lines",
  },
  {
    file: 'realtime_testing/scripted_realtime_server_errors.ts',
    lines: [395, 395],
    reason: 'the bounds checks before `a[i] === b[j]` only guard the comparison: the walk runs ' +
      'while one index is in range, an index out of range reads `undefined`, and `undefined` ' +
      'never equals a line (a string), so dropping or loosening either check, or joining them ' +
      'with ||, takes the same branch every time',
  },
  // realtime_testing/_server_event_catalog.ts
  ...[
    ['EqualityOperator', 'Math.abs(a.length - b.length) > limit'],
    ['ConditionalExpression', 'false'],
  ].map(([mutator, replacement]) => ({
    file: 'realtime_testing/_server_event_catalog.ts',
    mutator,
    original: 'Math.abs(a.length - b.length) >= limit',
    replacement,
    reason: 'the early return only saves work: an edit distance is never smaller than the ' +
      'difference of the two lengths, so when that difference reaches the limit the full ' +
      'computation returns at least the limit too, and the caller keeps a candidate only when ' +
      'its distance is below the limit',
  })),
  // testing/_step_count.ts
  ...[
    ['min', 24],
    ['max', 25],
  ].map(([name, line]) => ({
    file: 'testing/_step_count.ts',
    mutator: 'ConditionalExpression',
    original: `typeof ${name} !== 'number'`,
    replacement: 'false',
    line,
    reason: `the type test only narrows \`${name}\` for TypeScript: Number.isSafeInteger() is ` +
      `false for every non-number (numeric strings, bigints, booleans, null, objects), so a ` +
      `non-number ${name} still fails the safe-integer check that follows and the step is ` +
      'refused with the same result',
  })),
  // testing/_sdk_sandbox.ts
  ...[
    ['ArrowFunction', '(error: unknown): SdkSandboxLoad => ({ error })', '() => undefined', 33],
    ['ObjectLiteral', '{ error }', '{}', 33],
    ['ConditionalExpression', 'sdkSandbox.module', 'true', 48],
    [
      'ObjectLiteral',
      '{\n    double,\n    requiredSdk: sandboxSdkFloor,\n    cause: sdkSandbox.error,\n  }',
      '{}',
      49,
    ],
  ].map(([mutator, original, replacement, line]) => ({
    file: 'testing/_sdk_sandbox.ts',
    mutator,
    original,
    replacement,
    line,
    reason: 'runs only when the SDK has no sandbox entry (releases before 0.9): the mutation ' +
      'run uses the installed SDK, whose `@openai/agents-core/sandbox` import always succeeds ' +
      'at module load (a top-level await no test can intercept), so the rejection handler and ' +
      'the unavailable-SDK error are never reached and `sdkSandbox.module` is always set; ' +
      'tests/sdk_sandbox_availability_test.ts checks that path against every older SDK in ' +
      '`npm run compat`',
  })),
];
