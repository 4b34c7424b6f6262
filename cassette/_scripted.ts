/**
 * From a recording to `ScriptedModel` steps: each recorded interaction of one
 * model becomes the step that answers its call the same way.
 *
 * @module
 */

import type { StreamEvent } from '@openai/agents-core';
import { modelError, modelResponse, modelStream } from '../testing/model/model_steps.ts';
import type { ScriptedModelStep } from '../testing/model/scripted_model_types.ts';
import { type BlobTable, restore } from './_json.ts';
import { replayError, replayResponse, responseFromEvents } from './_serialize.ts';
import type { CassetteInteraction } from './cassette_types.ts';

/** One step per interaction, in order. */
export function scriptedSteps(
  interactions: readonly CassetteInteraction[],
  blobs: BlobTable,
): ScriptedModelStep[] {
  return interactions.map((interaction) => {
    const response = interaction.response ??
      (interaction.events && responseFromEvents(interaction.events));
    if (response !== undefined) return modelResponse(replayResponse(response, blobs));
    const error = interaction.error === undefined
      ? new Error('The recorded stream ended without a response.')
      : replayError(interaction.error, blobs);
    const advice = interaction.error?.retryAdvice;
    if (interaction.events === undefined || interaction.events.length === 0) {
      return modelError(
        error,
        advice === undefined ? undefined : restore(advice, blobs) as Record<string, unknown>,
      );
    }
    const events = interaction.events.map((event) => restore(event, blobs) as StreamEvent);
    return modelStream((async function* () {
      yield* events;
      throw error;
    })());
  });
}
