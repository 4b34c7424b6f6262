/**
 * The call history of the model doubles (`ScriptedModel`, `AutoModel`): how a
 * call is recorded, how a recorded call is read back, and how a call that was
 * aborted while the model worked on it ends. Written once so both models keep
 * the same snapshot and abort behaviour.
 *
 * @module
 */

import type { SdkModelRequest as ModelRequest } from '../_shared/_sdk_types.ts';
import { frozenSnapshot } from '../../_internal/snapshot.ts';
import { SnapshotStore } from '../../_internal/snapshot_store.ts';
import { ScriptedModelRequestAbortedError } from './scripted_model_errors.ts';
import { currentAgentName } from '../../_internal/current_agent.ts';
import type { RecordedModelCall } from './scripted_model_types.ts';

/** What a model answered one call with, for trajectories and failure transcripts. */
export interface AnsweredCall {
  /** The recorded call (request snapshot included). */
  readonly call: RecordedModelCall;
  /** Increases across every model: orders the calls of several models (a provider's routes). */
  readonly sequence: number;
  /** A frozen snapshot of the response's output items, once the model answered. */
  readonly output: readonly unknown[] | undefined;
}

let nextSequence = 0;
const logs = new WeakMap<object, ModelCallLog>();

/** The call log of a model double (`ScriptedModel`, `AutoModel`), if `model` is one. */
export function callLogOf(model: unknown): ModelCallLog | undefined {
  return typeof model === 'object' && model !== null ? logs.get(model) : undefined;
}

/** Every call a model received, in invocation order. */
export class ModelCallLog {
  readonly #calls: RecordedModelCall[] = [];
  readonly #requests = new SnapshotStore();
  readonly #sequences: number[] = [];
  readonly #outputs = new Map<number, readonly unknown[]>();
  /** The agent each call served, as the run's current span named it. */
  readonly #agents: (string | undefined)[] = [];

  /** A log for `owner`, which {@linkcode callLogOf} then finds. */
  constructor(owner?: object) {
    if (owner !== undefined) logs.set(owner, this);
  }

  /** Remembers the output items the model answered call `call` with. */
  answer(call: RecordedModelCall, output: readonly unknown[]): void {
    this.#outputs.set(call.index, frozenSnapshot(output));
  }

  /** Every call with what was answered, in invocation order. */
  answered(): readonly AnsweredCall[] {
    return this.#calls.map((call, index) => ({
      call,
      sequence: this.#sequences[index],
      output: this.#outputs.get(index),
    }));
  }

  /** How many calls were recorded. */
  get length(): number {
    return this.#calls.length;
  }

  /** Every recorded call: a new frozen array of fresh snapshots. */
  all(): readonly RecordedModelCall[] {
    return Object.freeze(this.#calls.map(readCall));
  }

  /** A fresh snapshot of the call at `index` (negative counts from the end), if any. */
  at(index: number): RecordedModelCall | undefined {
    const call = this.#calls[index < 0 ? this.#calls.length + index : index];
    return call === undefined ? undefined : readCall(call);
  }

  /**
   * Records a call and returns the record (not a copy: hand tests
   * {@linkcode readCall}'s). A request already aborted on arrival is not a
   * call: it throws `ScriptedModelRequestAbortedError` (no call number) and
   * records nothing.
   */
  record(request: ModelRequest, streamed: boolean): RecordedModelCall {
    if (request.signal?.aborted) throw new ScriptedModelRequestAbortedError();
    // The single call-time snapshot, deeply frozen and shared with earlier calls
    // where equal; every read copies it, so the sharing never shows.
    const call: RecordedModelCall = Object.freeze({
      index: this.#calls.length,
      streamed,
      request: this.#requests.store(request),
    });
    this.#calls.push(call);
    this.#sequences.push(nextSequence++);
    this.#agents.push(currentAgentName());
    return call;
  }

  /** The name of the agent call `index` served, when the run said (see `currentAgentName`). */
  agentAt(index: number): string | undefined {
    return this.#agents[index];
  }
}

/** A fresh frozen view of a recorded call: reading or mutating it cannot reach the history. */
export function readCall(call: RecordedModelCall): RecordedModelCall {
  return Object.freeze({
    index: call.index,
    streamed: call.streamed,
    request: frozenSnapshot(call.request),
  });
}

/** Throws `ScriptedModelRequestAbortedError` (naming the call) once its request was aborted. */
export function throwIfAborted(call: RecordedModelCall): void {
  if (call.request.signal?.aborted) throw new ScriptedModelRequestAbortedError(call.index);
}
