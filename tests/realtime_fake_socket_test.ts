// The in-memory WebSocket client end that ScriptedRealtimeServer hands to the
// SDK's transport, on its own: it must behave like a browser / Deno `WebSocket`
// wherever the transport (or code reading the socket) looks: initial fields,
// `send()` in every ready state, `close()` with the standard argument checks
// (exact DOMException messages and names), and event dispatch to listeners and
// `on…` handlers.
import assert from 'node:assert/strict';
import {
  FakeCloseEvent,
  FakeErrorEvent,
  FakeMessageEvent,
  type FakeSocketPeer,
  FakeWebSocket,
} from '../realtime_testing/_fake_socket.ts';
import { describe, test } from './_harness.ts';

/** A peer that writes down what the socket tells it. */
function recordingPeer(): FakeSocketPeer & { received: string[]; closed: [number, string][] } {
  const received: string[] = [];
  const closed: [number, string][] = [];
  return {
    received,
    closed,
    receive: (data) => void received.push(data),
    clientClosed: (code, reason) => void closed.push([code, reason]),
  };
}

function socketIn(readyState: 0 | 1 | 2 | 3) {
  const peer = recordingPeer();
  const socket = new FakeWebSocket('wss://example.test/v1/realtime', peer);
  socket.readyState = readyState;
  return { socket, peer };
}

function assertDomException(call: () => void, name: string, message: string): void {
  assert.throws(call, (error: unknown) => {
    assert.ok(error instanceof DOMException);
    assert.equal(error.name, name);
    assert.equal(error.message, message);
    return true;
  });
}

describe('FakeWebSocket: fields and events', () => {
  test("a new socket's fields are those of a connecting WebSocket", () => {
    const { socket } = socketIn(0);
    assert.deepEqual(
      {
        url: socket.url,
        protocol: socket.protocol,
        extensions: socket.extensions,
        binaryType: socket.binaryType,
        bufferedAmount: socket.bufferedAmount,
        readyState: socket.readyState,
        handlers: [socket.onopen, socket.onmessage, socket.onerror, socket.onclose],
        constants: [socket.CONNECTING, socket.OPEN, socket.CLOSING, socket.CLOSED],
        staticConstants: [
          FakeWebSocket.CONNECTING,
          FakeWebSocket.OPEN,
          FakeWebSocket.CLOSING,
          FakeWebSocket.CLOSED,
        ],
      },
      {
        url: 'wss://example.test/v1/realtime',
        protocol: '',
        extensions: '',
        binaryType: 'blob',
        bufferedAmount: 0,
        readyState: 0,
        handlers: [null, null, null, null],
        constants: [0, 1, 2, 3],
        staticConstants: [0, 1, 2, 3],
      },
    );
  });

  test('the events carry the standard fields', () => {
    const message = new FakeMessageEvent('{"type":"session.created"}', 'wss://example.test');
    assert.deepEqual(
      [message.type, message.data, message.origin, message.lastEventId],
      ['message', '{"type":"session.created"}', 'wss://example.test', ''],
    );
    const close = new FakeCloseEvent(4000, 'bye', true);
    assert.deepEqual([close.type, close.code, close.reason, close.wasClean], [
      'close',
      4000,
      'bye',
      true,
    ]);
    const error = new FakeErrorEvent('connection reset');
    assert.deepEqual([error.type, error.message], ['error', 'connection reset']);
    assert.ok(error.error instanceof Error);
    assert.equal(error.error.message, 'connection reset');
  });
});

describe('FakeWebSocket: send()', () => {
  test('throws while connecting, and sends nothing', () => {
    const { socket, peer } = socketIn(0);
    assertDomException(
      () => socket.send('{}'),
      'InvalidStateError',
      "Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.",
    );
    assert.deepEqual(peer.received, []);
    assert.equal(socket.bufferedAmount, 0);
  });

  test('hands text frames to the peer while open; a binary frame as a placeholder', () => {
    const { socket, peer } = socketIn(1);
    socket.send('{"type":"response.create"}');
    socket.send(new Uint8Array([1, 2, 3]));
    socket.send(new ArrayBuffer(4));
    assert.deepEqual(peer.received, [
      '{"type":"response.create"}',
      '<binary frame>',
      '<binary frame>',
    ]);
    assert.equal(socket.bufferedAmount, 0);
  });

  test('once closing or closed, discards frames and counts their UTF-8 bytes as buffered', () => {
    for (const state of [2, 3] as const) {
      const { socket, peer } = socketIn(state);
      socket.send('abc');
      socket.send('é'); // two bytes in UTF-8
      socket.send(new Uint8Array([1, 2])); // a binary frame is not counted
      assert.deepEqual(peer.received, [], `state ${state}`);
      assert.equal(socket.bufferedAmount, 5, `state ${state}`);
      assert.equal(socket.readyState, state);
    }
  });
});

describe('FakeWebSocket: close()', () => {
  const codeMessage = (code: number) =>
    "Failed to execute 'close' on 'WebSocket': The code must be either 1000, or between 3000 " +
    `and 4999. ${code} is neither.`;

  test('accepts no code (1005 for the peer), 1000, and 3000 to 4999, with the reason', () => {
    const cases: Array<[number | undefined, string | undefined, [number, string]]> = [
      [undefined, undefined, [1005, '']],
      [1000, undefined, [1000, '']],
      [1000, 'done', [1000, 'done']],
      [3000, 'lowest', [3000, 'lowest']],
      [4999, 'highest', [4999, 'highest']],
      [undefined, 'reason without a code', [1005, 'reason without a code']],
    ];
    for (const [code, reason, expected] of cases) {
      for (const state of [0, 1] as const) {
        const { socket, peer } = socketIn(state);
        socket.close(code, reason);
        assert.equal(socket.readyState, 2);
        assert.deepEqual(peer.closed, [expected], `${code} ${reason}`);
      }
    }
  });

  test('rejects any other code with InvalidAccessError, before changing anything', () => {
    for (const code of [0, 999, 1001, 1005, 1006, 2999, 5000, 65535]) {
      const { socket, peer } = socketIn(1);
      assertDomException(() => socket.close(code), 'InvalidAccessError', codeMessage(code));
      assert.equal(socket.readyState, 1);
      assert.deepEqual(peer.closed, []);
    }
  });

  test('rejects a reason longer than 123 UTF-8 bytes with SyntaxError', () => {
    const message =
      "Failed to execute 'close' on 'WebSocket': The close reason must not be greater than 123 " +
      'UTF-8 bytes.';
    for (const reason of ['x'.repeat(124), 'é'.repeat(62)]) {
      const { socket, peer } = socketIn(1);
      assertDomException(() => socket.close(1000, reason), 'SyntaxError', message);
      assert.equal(socket.readyState, 1);
      assert.deepEqual(peer.closed, []);
    }
    const { socket, peer } = socketIn(1);
    socket.close(1000, 'x'.repeat(123));
    assert.deepEqual(peer.closed, [[1000, 'x'.repeat(123)]]);
  });

  test('does nothing once closing or closed (the arguments are still checked)', () => {
    for (const state of [2, 3] as const) {
      const { socket, peer } = socketIn(state);
      socket.close();
      socket.close(4000, 'again');
      assert.equal(socket.readyState, state);
      assert.deepEqual(peer.closed, []);
      assertDomException(() => socket.close(1001), 'InvalidAccessError', codeMessage(1001));
    }
  });
});

describe('FakeWebSocket: dispatchEvent()', () => {
  test('calls the listeners, then the on… handler with the socket as this', () => {
    const { socket } = socketIn(1);
    const seen: string[] = [];
    let handlerThis: unknown;
    socket.addEventListener('message', (event) => {
      seen.push(`listener ${(event as FakeMessageEvent).data}`);
    });
    socket.onmessage = function (this: unknown, event) {
      handlerThis = this;
      seen.push(`onmessage ${(event as FakeMessageEvent).data}`);
    };
    socket.onclose = (event) => void seen.push(`onclose ${(event as FakeCloseEvent).code}`);
    socket.onerror = (event) => void seen.push(`onerror ${(event as FakeErrorEvent).message}`);
    socket.onopen = (event) => void seen.push(`onopen ${event.type}`);
    assert.equal(socket.dispatchEvent(new Event('open')), true);
    assert.equal(socket.dispatchEvent(new FakeMessageEvent('hi', 'wss://example.test')), true);
    socket.dispatchEvent(new FakeErrorEvent('boom'));
    socket.dispatchEvent(new FakeCloseEvent(1000, '', true));
    assert.deepEqual(seen, [
      'onopen open',
      'listener hi',
      'onmessage hi',
      'onerror boom',
      'onclose 1000',
    ]);
    assert.equal(handlerThis, socket);
  });

  test("swallows a handler's error; returns whether the event was not cancelled", () => {
    const { socket } = socketIn(1);
    const seen: string[] = [];
    socket.onmessage = () => {
      seen.push('handler');
      throw new Error('handler bug');
    };
    socket.addEventListener('message', () => void seen.push('listener'));
    assert.equal(socket.dispatchEvent(new FakeMessageEvent('x', 'o')), true);
    socket.addEventListener('custom', (event) => event.preventDefault());
    assert.equal(socket.dispatchEvent(new Event('custom', { cancelable: true })), false);
    assert.deepEqual(seen, ['listener', 'handler']);
  });

  test('an on… value that is not a function is not called', () => {
    const { socket } = socketIn(1);
    let called = false;
    // Callable-looking, but not a function: a WebSocket would not call it either.
    (socket as unknown as { onmessage: unknown }).onmessage = { call: () => (called = true) };
    assert.equal(socket.dispatchEvent(new FakeMessageEvent('x', 'o')), true);
    socket.onmessage = null;
    assert.equal(socket.dispatchEvent(new FakeMessageEvent('y', 'o')), true);
    assert.equal(called, false);
  });
});
