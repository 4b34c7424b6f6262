// Which server events ScriptedRealtimeServer knows, and which fields it insists
// on: an event of a known type that lacks one of them would be dropped by the
// SDK without a word, so the server refuses to send it. The table below is the
// contract, written out: each type is accepted with exactly these fields, and
// refused, naming the field, without any one of them. Validation comes before
// the connection check, so a server with no connection tells the two apart (an
// accepted event then fails only for want of a connection).
import assert from 'node:assert/strict';
import {
  InvalidRealtimeServerEventError,
  RealtimeServerNotConnectedError,
  ScriptedRealtimeServer,
} from 'scripted-agents/realtime_testing';
import { describe, test } from './_harness.ts';

const requiredFields: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['conversation.created', ['conversation']],
  ['conversation.item.added', ['item']],
  ['conversation.item.done', ['item']],
  ['conversation.item.deleted', ['item_id']],
  ['conversation.item.input_audio_transcription.completed', [
    'item_id',
    'content_index',
    'transcript',
  ]],
  ['conversation.item.input_audio_transcription.delta', ['item_id']],
  ['conversation.item.input_audio_transcription.failed', ['item_id', 'content_index', 'error']],
  ['conversation.item.input_audio_transcription.segment', []],
  ['conversation.item.retrieved', ['item']],
  ['conversation.item.truncated', ['item_id', 'audio_end_ms', 'content_index']],
  ['error', []],
  ['input_audio_buffer.cleared', []],
  ['input_audio_buffer.committed', ['item_id']],
  ['input_audio_buffer.speech_started', ['item_id', 'audio_start_ms']],
  ['input_audio_buffer.speech_stopped', ['item_id', 'audio_end_ms']],
  ['input_audio_buffer.timeout_triggered', []],
  ['input_audio_buffer.dtmf_event_received', []],
  ['output_audio_buffer.started', []],
  ['output_audio_buffer.stopped', []],
  ['output_audio_buffer.cleared', []],
  ['rate_limits.updated', ['rate_limits']],
  ['response.output_audio.delta', [
    'item_id',
    'content_index',
    'delta',
    'output_index',
    'response_id',
  ]],
  ['response.output_audio.done', ['item_id', 'content_index', 'output_index', 'response_id']],
  ['response.output_audio_transcript.delta', [
    'item_id',
    'content_index',
    'delta',
    'output_index',
    'response_id',
  ]],
  ['response.output_audio_transcript.done', [
    'item_id',
    'content_index',
    'transcript',
    'output_index',
    'response_id',
  ]],
  ['response.content_part.added', [
    'item_id',
    'content_index',
    'output_index',
    'response_id',
    'part',
  ]],
  ['response.content_part.done', [
    'item_id',
    'content_index',
    'output_index',
    'response_id',
    'part',
  ]],
  ['response.created', ['response']],
  ['response.done', ['response']],
  ['response.function_call_arguments.delta', [
    'item_id',
    'call_id',
    'delta',
    'output_index',
    'response_id',
  ]],
  ['response.function_call_arguments.done', [
    'item_id',
    'call_id',
    'arguments',
    'output_index',
    'response_id',
  ]],
  ['response.output_item.added', ['item', 'output_index', 'response_id']],
  ['response.output_item.done', ['item', 'output_index', 'response_id']],
  ['response.output_text.delta', [
    'item_id',
    'content_index',
    'delta',
    'output_index',
    'response_id',
  ]],
  ['response.output_text.done', [
    'item_id',
    'content_index',
    'text',
    'output_index',
    'response_id',
  ]],
  ['session.created', ['session']],
  ['session.updated', ['session']],
  ['mcp_list_tools.in_progress', []],
  ['mcp_list_tools.completed', []],
  ['mcp_list_tools.failed', []],
  ['response.mcp_call_arguments.delta', [
    'response_id',
    'item_id',
    'output_index',
    'delta',
    'obfuscation',
  ]],
  ['response.mcp_call_arguments.done', ['response_id', 'item_id', 'output_index', 'arguments']],
  ['response.mcp_call.in_progress', ['output_index', 'item_id']],
  ['response.mcp_call.completed', ['output_index', 'item_id']],
  ['response.mcp_call.failed', ['output_index', 'item_id']],
];

/** An event of `type` with a placeholder value for each of `fields`. */
const eventOf = (type: string, fields: readonly string[]) => ({
  type,
  ...Object.fromEntries(fields.map((field) => [field, 0])),
});

describe('ScriptedRealtimeServer: the server events it knows', () => {
  test('each known type is accepted with exactly its required fields', async () => {
    const server = new ScriptedRealtimeServer();
    for (const [type, fields] of requiredFields) {
      await assert.rejects(
        server.sendServerEvent(eventOf(type, fields) as never),
        (error) => {
          assert.ok(error instanceof RealtimeServerNotConnectedError, `${type}: ${error}`);
          return true;
        },
      );
    }
  });

  test('each required field is refused when absent, by name', async () => {
    const server = new ScriptedRealtimeServer();
    for (const [type, fields] of requiredFields) {
      for (const missing of fields) {
        const event = eventOf(type, fields.filter((field) => field !== missing));
        await assert.rejects(server.sendServerEvent(event as never), (error) => {
          assert.ok(error instanceof InvalidRealtimeServerEventError, `${type}: ${error}`);
          assert.equal(error.reason, 'missing_field');
          assert.equal(error.type, type);
          assert.equal(error.field, missing, type);
          return true;
        });
      }
    }
  });

  test('an unknown type is refused with the nearest known type, if one is near', async () => {
    const server = new ScriptedRealtimeServer();
    const cases: Array<[string, string | undefined]> = [
      ['respnse.done', 'response.done'],
      ['response.doneXYZ', 'response.done'],
      ['response.doneWXYZ', undefined],
      // Four edits away (three changed letters and one added): too far to suggest.
      ['resXXXse.doneQ', undefined],
      ['resXXXse.done', 'response.done'],
      ['session.update', 'session.updated'],
      ['sesion.update', 'session.updated'],
      ['rate_limit.updated', 'rate_limits.updated'],
      ['response.output_text.delt', 'response.output_text.delta'],
      ['conversation.item.adde', 'conversation.item.added'],
      ['error1', 'error'],
      ['xyz', undefined],
    ];
    for (const [type, suggestion] of cases) {
      await assert.rejects(server.sendServerEvent({ type } as never), (error) => {
        assert.ok(error instanceof InvalidRealtimeServerEventError, `${type}: ${error}`);
        assert.equal(error.reason, 'unknown_type');
        assert.equal(error.suggestion, suggestion, type);
        return true;
      });
    }
  });
});
