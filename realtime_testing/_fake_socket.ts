/**
 * The client end of an in-memory WebSocket: what the SDK's transport holds
 * instead of a real socket. It behaves like a browser / Deno `WebSocket` as far
 * as the transport uses it: `readyState` constants, `open` / `message` /
 * `error` / `close` events through `addEventListener` (and the `on…`
 * handlers), `send()` that throws while connecting, and `close(code, reason)`
 * with the standard argument checks. Every event is dispatched later, in a
 * microtask, never inside the call that caused it, as a socket would.
 *
 * No network, no timers: the peer (the server double) decides when frames and
 * events are delivered.
 *
 * @module
 */

/** What the server side of the pair must handle. */
export interface FakeSocketPeer {
  /** A text frame the client sent while open. */
  receive(data: string): void;
  /** The client called `close()` on an open or connecting socket. */
  clientClosed(code: number, reason: string): void;
}

/** A `message` event: `data` is the text frame. */
export class FakeMessageEvent extends Event {
  readonly data: string;
  readonly origin: string;
  readonly lastEventId = '';

  constructor(data: string, origin: string) {
    super('message');
    this.data = data;
    this.origin = origin;
  }
}

/** A `close` event with the standard fields. */
export class FakeCloseEvent extends Event {
  readonly code: number;
  readonly reason: string;
  readonly wasClean: boolean;

  constructor(code: number, reason: string, wasClean: boolean) {
    super('close');
    this.code = code;
    this.reason = reason;
    this.wasClean = wasClean;
  }
}

/** An `error` event; `message` and `error` as the `ws` package's ErrorEvent has them. */
export class FakeErrorEvent extends Event {
  readonly message: string;
  readonly error: Error;

  constructor(message: string) {
    super('error');
    this.message = message;
    this.error = new Error(message);
  }
}

type Handler = ((event: Event) => void) | null;

const encoder = new TextEncoder();

/** The client end handed to the transport by `createWebSocket`. */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;

  readonly url: string;
  readonly protocol = '';
  readonly extensions = '';
  binaryType: 'blob' | 'arraybuffer' = 'blob';
  bufferedAmount = 0;
  readyState: 0 | 1 | 2 | 3 = 0;
  onopen: Handler = null;
  onmessage: Handler = null;
  onerror: Handler = null;
  onclose: Handler = null;

  readonly #peer: FakeSocketPeer;

  constructor(url: string, peer: FakeSocketPeer) {
    super();
    this.url = url;
    this.#peer = peer;
  }

  /** Sends a frame: throws while connecting, discards once closing (as browsers do). */
  send(data: string | ArrayBufferLike | ArrayBufferView | Blob): void {
    if (this.readyState === 0) {
      throw new DOMException(
        "Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.",
        'InvalidStateError',
      );
    }
    if (this.readyState !== 1) {
      this.bufferedAmount += typeof data === 'string' ? encoder.encode(data).byteLength : 0;
      return;
    }
    this.#peer.receive(typeof data === 'string' ? data : '<binary frame>');
  }

  /** Starts the closing handshake; the `close` event follows later. */
  close(code?: number, reason?: string): void {
    if (code !== undefined && code !== 1000 && (code < 3000 || code > 4999)) {
      throw new DOMException(
        `Failed to execute 'close' on 'WebSocket': The code must be either 1000, or between 3000 and 4999. ${code} is neither.`,
        'InvalidAccessError',
      );
    }
    const text = reason ?? '';
    if (encoder.encode(text).byteLength > 123) {
      throw new DOMException(
        "Failed to execute 'close' on 'WebSocket': The close reason must not be greater than 123 UTF-8 bytes.",
        'SyntaxError',
      );
    }
    if (this.readyState === 2 || this.readyState === 3) return;
    this.readyState = 2;
    this.#peer.clientClosed(code ?? 1005, text);
  }

  /** Dispatches to listeners and the matching `on…` handler; listener errors are swallowed. */
  override dispatchEvent(event: Event): boolean {
    const result = super.dispatchEvent(event);
    const handler = (this as unknown as Record<string, Handler>)[`on${event.type}`];
    if (typeof handler === 'function') {
      try {
        handler.call(this, event);
      } catch {
        // A socket reports handler errors to the host, not to its caller.
      }
    }
    return result;
  }
}
