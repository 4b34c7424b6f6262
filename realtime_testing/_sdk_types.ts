/**
 * The SDK types that appear in this entry's public signatures, under local
 * names. They are the SDK's own types, unchanged; the aliases exist so that
 * `deno doc --lint` can tell "a type of the peer SDK" (documented there) from
 * "a type this package forgot to export". Import the originals from
 * `@openai/agents-realtime` (or `@openai/agents/realtime`).
 *
 * @module
 */

import type {
  OpenAIRealtimeWebRTCOptions,
  OpenAIRealtimeWebSocket,
  OpenAIRealtimeWebSocketOptions,
  RealtimeAudioFormat,
  RealtimeClientMessage,
  RealtimeItem,
  RealtimeSessionConfig,
  RealtimeTransportEventTypes,
  RealtimeTransportLayer,
  RealtimeTransportLayerConnectOptions,
  TransportToolCallEvent,
} from '@openai/agents-realtime';

/**
 * The SDK's `RealtimeTransportLayer` interface.
 *
 * @internal
 */
export type SdkRealtimeTransportLayer = RealtimeTransportLayer;
/**
 * The SDK's `RealtimeTransportEventTypes`: inbound event names and their arguments.
 *
 * @internal
 */
export type SdkRealtimeTransportEventTypes = RealtimeTransportEventTypes;
/**
 * The SDK's `RealtimeTransportLayerConnectOptions`.
 *
 * @internal
 */
export type SdkRealtimeTransportLayerConnectOptions = RealtimeTransportLayerConnectOptions;
/**
 * The SDK's `RealtimeClientMessage`.
 *
 * @internal
 */
export type SdkRealtimeClientMessage = RealtimeClientMessage;
/**
 * The SDK's `RealtimeSessionConfig`.
 *
 * @internal
 */
export type SdkRealtimeSessionConfig = RealtimeSessionConfig;
/**
 * The SDK's `RealtimeItem`.
 *
 * @internal
 */
export type SdkRealtimeItem = RealtimeItem;
/**
 * The SDK's `TransportToolCallEvent`.
 *
 * @internal
 */
export type SdkTransportToolCallEvent = TransportToolCallEvent;
/**
 * The SDK's `RealtimeAudioFormat`.
 *
 * @internal
 */
export type SdkRealtimeAudioFormat = RealtimeAudioFormat;
/**
 * The SDK's `OpenAIRealtimeWebSocketOptions`.
 *
 * @internal
 */
export type SdkOpenAIRealtimeWebSocketOptions = OpenAIRealtimeWebSocketOptions;
/**
 * The SDK's `OpenAIRealtimeWebRTCOptions`.
 *
 * @internal
 */
export type SdkOpenAIRealtimeWebRTCOptions = OpenAIRealtimeWebRTCOptions;
/**
 * The `createWebSocket` option of the SDK's `OpenAIRealtimeWebSocket`.
 *
 * @internal
 */
export type SdkCreateWebSocket = NonNullable<OpenAIRealtimeWebSocketOptions['createWebSocket']>;
/**
 * The SDK's `OpenAIRealtimeWebSocket` transport class (instance type).
 *
 * @internal
 */
export type SdkOpenAIRealtimeWebSocket = OpenAIRealtimeWebSocket;
/**
 * The GA (`outputModalities`) member of the SDK's `RealtimeSessionConfig`.
 *
 * @internal
 */
export type SdkRealtimeSessionConfigDefinition = Extract<
  RealtimeSessionConfig,
  { outputModalities?: unknown }
>;
/**
 * The audio input part of the SDK's GA session config.
 *
 * @internal
 */
export type SdkRealtimeAudioInputConfig = NonNullable<
  NonNullable<SdkRealtimeSessionConfigDefinition['audio']>['input']
>;
