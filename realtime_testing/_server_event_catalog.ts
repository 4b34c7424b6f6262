/**
 * The server event types the Realtime API sends, and, for the ones the SDK
 * parses with a schema, the fields that schema requires. A known type without
 * one of them is dropped by the SDK's parser as a "generic" event without any
 * error, which is why `sendServerEvent()` checks them up front.
 *
 * @module
 */

import { nearestName } from '../_internal/nearest_name.ts';

/** `type` → fields the SDK's schema requires besides `type` and `event_id`. */
export const REQUIRED_FIELDS: ReadonlyMap<string, readonly string[]> = new Map([
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
]);

/** The closest known type to `type` (edit distance at most 3), if any. */
export function closestKnownType(type: string): string | undefined {
  return nearestName(type, REQUIRED_FIELDS.keys());
}
