/**
 * Whether the tool of a scripted function call succeeded, as far as a model
 * can tell: the one place a `Model` sees a tool's outcome is the input of a
 * later call, which carries the call's `function_call_result`.
 *
 * Why that is the signal. A function tool that throws, or whose own parse
 * rejects its arguments, does not fail the run: the SDK (0.20) catches the
 * error and gives the model a text instead, the output of the tool's
 * `errorFunction`. The SDK's default one answers with fixed words that carry
 * no detail ("An error occurred while running the tool. Please try again."),
 * the same for an `execute` that threw and for arguments the tool's zod schema
 * rejected (the runner parses them first and hands the parse error to the same
 * function); arguments that are not JSON get "An error occurred while parsing
 * tool arguments. Please try again with valid JSON." and a tool past its
 * `timeoutMs` "Tool '<name>' timed out after <n>ms.". Nothing else a model can
 * reach says more: the error itself goes to the tool's `errorFunction` only,
 * the `function` span records it redacted (and only when tracing is on), and
 * the `agent_tool_end` hooks get the same text as the model, on the runner and
 * agent objects a model never sees. So the exact signal is: the result of a
 * remembered call id whose text is one of these default texts. An app's own
 * `errorFunction` chooses other words for the model, which are the app's
 * business, not a failure of the script. (SDK releases before 0.20 append
 * `Error: <the error>` to the default text; that part is kept as the detail.)
 *
 * A tool's outcome that never reaches a model call (a `stopAtToolNames` tool,
 * a run that ends or is interrupted right after its tools) cannot be known by a
 * model: such a call stays pending and is not reported, unless its step said it
 * expects the tool to fail, which is then reported as unconfirmed.
 *
 * @module
 */

/** How a tool failed, as the SDK's default text tells it. */
export type ToolFailureKind = 'failed' | 'unparsable' | 'timed_out';

/** A tool result that is one of the SDK's default failure texts. */
export interface ToolFailure {
  readonly kind: ToolFailureKind;
  /** The whole text the model was given. */
  readonly text: string;
  /** What older SDK releases add after the default words (`Error: …`), if anything. */
  readonly detail: string | undefined;
}

/** The default texts, by the kind of failure they stand for. */
const DEFAULT_TEXTS: readonly (readonly [ToolFailureKind, string])[] = [
  ['failed', 'An error occurred while running the tool. Please try again.'],
  ['unparsable', 'An error occurred while parsing tool arguments.'],
];
const TIMED_OUT = /^Tool '(.*)' timed out after \d+ms\.$/;

/**
 * The failure `output` (a `function_call_result`'s output) reports for the
 * tool `toolName`, or `undefined` when it is any other result.
 */
export function toolFailureOf(output: unknown, toolName: string): ToolFailure | undefined {
  const text = resultText(output);
  if (text === undefined) return undefined;
  for (const [kind, words] of DEFAULT_TEXTS) {
    if (!text.startsWith(words)) continue;
    const rest = text.slice(words.length).trim();
    // The parse text goes on "Please try again with valid JSON." in 0.20.
    const detail = kind === 'unparsable'
      ? rest.replace(/^Please try again[^.]*\./, '').trim()
      : rest;
    return { kind, text, detail: detail === '' ? undefined : detail };
  }
  const timedOut = TIMED_OUT.exec(text);
  if (timedOut !== null && timedOut[1] === toolName) {
    return { kind: 'timed_out', text, detail: undefined };
  }
  return undefined;
}

/** The text of a tool result in any of its shapes: text, a text part, a list of parts. */
export function resultText(output: unknown): string | undefined {
  if (typeof output === 'string') return output;
  if (isLoose(output) && typeof output.text === 'string') return output.text;
  if (Array.isArray(output)) {
    const first = output.find((part) => isLoose(part) && typeof part.text === 'string');
    return first === undefined ? undefined : String((first as Loose).text);
  }
  return undefined;
}

/** A scripted function call whose outcome is not known yet. */
export interface PendingToolCall {
  /** The zero-based model call whose answer holds the function call. */
  readonly callIndex: number;
  /** The zero-based position of the function call in that answer. */
  readonly itemIndex: number;
  readonly callId: string;
  /** The tool's name, qualified for a namespaced tool. */
  readonly toolName: string;
  /** The call's arguments text, for messages. */
  readonly arguments: string;
  /** Whether the step said the tool fails on purpose (`expectToolError`). */
  readonly expectError: boolean;
  /** A required, non-nullable property the call left out (a path), if any. */
  readonly missing: string | undefined;
  /** Where the call was scripted, for messages (` on route "triage"`), read when reported. */
  readonly where: () => string;
  /** The agent the scripted call served, when the run told. */
  readonly agent?: string;
}

/** What a later input proved about a pending call. */
export type ToolOutcome =
  /** The tool failed, and the step did not expect it. */
  | { readonly type: 'failed'; readonly call: PendingToolCall; readonly failure: ToolFailure }
  /** The step expected the tool to fail, and it did not: `result` is what the model got. */
  | { readonly type: 'succeeded'; readonly call: PendingToolCall; readonly result: unknown };

/**
 * The pending calls of one model, by call id. Books can be joined into a
 * group (the models one provider hands out), so that a call's result is
 * settled by whichever model of the group gets it, as after a handoff.
 */
export class ToolOutcomeBook {
  readonly #pending = new Map<string, PendingToolCall>();
  #group: Set<ToolOutcomeBook> = new Set([this]);

  /** Remembers `call`; a later call with the same id replaces it (the SDK pairs results by id). */
  remember(call: PendingToolCall): void {
    this.#pending.set(call.callId, call);
  }

  /** Forgets the pending call `callId` of this book, as a later answer reuses the id. */
  forget(callId: string): void {
    this.#pending.delete(callId);
  }

  /**
   * The first outcome `input` proves wrong, in input order. Every pending call
   * of the group whose result `input` carries is settled and forgotten, failed
   * or not, so each is judged once, by the latest result with its id. The input
   * is read from its end, where a model's new results are, and only until no
   * call is pending: a tool loop's history grows with every call, and reading
   * all of it each time made the check quadratic in the run's length.
   */
  settle(input: unknown): ToolOutcome | undefined {
    if (!Array.isArray(input) || !this.#hasPending()) return undefined;
    let found: ToolOutcome | undefined;
    for (let index = input.length - 1; index >= 0; index--) {
      const item: unknown = input[index];
      if (!isLoose(item) || item.type !== 'function_call_result') continue;
      const call = this.#take(String(item.callId));
      if (call === undefined) continue;
      const failure = toolFailureOf(item.output, call.toolName);
      // Read backwards, the outcome kept last is the first in input order.
      if (failure !== undefined && !call.expectError) found = { type: 'failed', call, failure };
      if (failure === undefined && call.expectError) {
        found = { type: 'succeeded', call, result: item.output };
      }
      if (!this.#hasPending()) break;
    }
    return found;
  }

  /** The calls of this book that expect their tool to fail and whose result never came. */
  unconfirmed(): readonly PendingToolCall[] {
    return [...this.#pending.values()].filter((call) => call.expectError);
  }

  /** Joins the books into one group (with every book already grouped with one of them). */
  static join(books: Iterable<ToolOutcomeBook>): void {
    const group = new Set<ToolOutcomeBook>();
    for (const book of books) for (const member of book.#group) group.add(member);
    for (const member of group) member.#group = group;
  }

  #hasPending(): boolean {
    for (const member of this.#group) if (member.#pending.size > 0) return true;
    return false;
  }

  /** The pending call `callId`: this book's own first, then the group's. */
  #take(callId: string): PendingToolCall | undefined {
    for (const member of [this, ...this.#group]) {
      const call = member.#pending.get(callId);
      if (call === undefined) continue;
      member.#pending.delete(callId);
      return call;
    }
    return undefined;
  }
}

const books = new WeakMap<object, ToolOutcomeBook>();

/** Remembers which book belongs to `model`, so a provider can join its models' books. */
export function registerToolOutcomes(model: object, book: ToolOutcomeBook): void {
  books.set(model, book);
}

/** Joins the books of every model of `models` that has one (the rest are not scripted). */
export function shareToolOutcomes(models: Iterable<unknown>): void {
  const found: ToolOutcomeBook[] = [];
  for (const model of models) {
    const book = typeof model === 'object' && model !== null ? books.get(model) : undefined;
    if (book !== undefined) found.push(book);
  }
  if (found.length > 1) ToolOutcomeBook.join(found);
}

type Loose = Readonly<Record<string, unknown>>;

function isLoose(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
