// Surviving mutants that no test can kill, each with the reason. scripts/run_mutation.mjs
// matches an entry by file, mutator, the original source text and the replacement, so the
// entries survive edits that only move code around. An entry that no longer matches is
// simply unused: the mutant then shows up in MUTATION.md without an explanation.
//
// { file, mutator, original, replacement, reason }

const model = 'testing/scripted_model.ts';
const sandbox = 'testing/scripted_sandbox_session.ts';
const transport = 'realtime_testing/scripted_realtime_transport.ts';

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
  '_internal/queue.ts':
    'Every survivor here is equivalent. The compaction condition of `shift()` ' +
    'only decides when the consumed prefix is dropped: dropping it earlier, later, on every ' +
    'shift or never leaves the contents and their order unchanged (only memory and time ' +
    'differ). Without the empty-queue guard, `shift()` reads and writes one undefined slot past ' +
    'the end and moves the head with it, so `size` stays 0 and the next push is still read ' +
    'first. The copy that compaction makes (`slice(head)`) is pinned by ' +
    'tests/queue_property_test.ts (that test came after this run).',
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
];
