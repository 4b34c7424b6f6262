/**
 * The floor of the tool-loop benchmark: a hand-written `Model` that returns
 * precomputed responses and records nothing. Whatever a scripted double costs
 * on top of this is overhead the double's author controls.
 *
 * @module
 */

import { Usage } from '@openai/agents-core';
import type { Model, ModelRequest, ModelResponse, StreamEvent } from '@openai/agents-core';

type OutputItem = ModelResponse['output'][number];
type DoneOutput = Extract<StreamEvent, { type: 'response_done' }>['response']['output'];

/** Returns `outputs[i]` on call `i`, with the same id and usage a scripted shorthand gets. */
export class BareModel implements Model {
  #outputs: readonly (readonly OutputItem[])[];
  #next = 0;

  constructor(outputs: readonly (readonly OutputItem[])[]) {
    this.#outputs = outputs;
  }

  #take(): { output: OutputItem[]; id: string } {
    const index = this.#next++;
    return { output: this.#outputs[index] as OutputItem[], id: `scripted-response-${index + 1}` };
  }

  getResponse(_request: ModelRequest): Promise<ModelResponse> {
    const { output, id } = this.#take();
    return Promise.resolve({ output, usage: new Usage({ requests: 1 }), responseId: id });
  }

  // The same event sequence the doubles synthesise, built without snapshots.
  async *getStreamedResponse(_request: ModelRequest): AsyncIterable<StreamEvent> {
    const { output, id } = this.#take();
    yield { type: 'response_started' };
    for (const item of output) {
      if (item.type !== 'message' || item.role !== 'assistant') continue;
      for (const part of item.content) {
        if (part.type === 'output_text') {
          yield { type: 'output_text_delta', itemId: item.id, delta: part.text };
        }
      }
    }
    yield {
      type: 'response_done',
      response: {
        id,
        usage: { requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
        output: output as DoneOutput,
      },
    };
  }
}
