/**
 * A scripted `RealtimeTransportLayer` for the real `RealtimeSession`: test
 * Realtime agents and sessions without a socket. A drop-in for
 * `@openai/agents/realtime/testing`.
 *
 * @module
 */

export { DoubleFailuresError } from '../testing/double_failures_error.ts';
