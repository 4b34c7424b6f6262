/**
 * The hosted, computer, shell and apply-patch tools a request offers, as
 * calls a model double can make (built with the output item builders) and a
 * test of whether the history already holds such a call. Shared by
 * `AutoModel` (which calls each once) and `BehaviourModel` (which chooses
 * among them).
 *
 * @module
 */

import type { SdkModelRequest as ModelRequest } from '../_shared/_sdk_types.ts';
import type { SdkOutputModelItem as OutputModelItem } from '../_shared/_sdk_item_types.ts';
import {
  applyPatchCall,
  codeInterpreterCall,
  computerCall,
  fileSearchCall,
  imageGenerationCall,
  mcpCall,
  shellCall,
  webSearchCall,
} from '../model/output_item_builders.ts';

/** An item of a request's history, as far as the plans read it. */
export type HistoryItem = {
  type?: unknown;
  name?: unknown;
  providerData?: Record<string, unknown>;
};

/** A planned call of a hosted, computer, shell or apply-patch tool. */
export interface HostedPlan {
  key: string;
  build: (id: string) => OutputModelItem;
  done: (item: HistoryItem) => boolean;
}

/** The hosted, computer, shell and apply-patch tools among `tools`, as calls to make. */
export function hostedPlans(tools: ModelRequest['tools']): HostedPlan[] {
  const plans: HostedPlan[] = [];
  for (const tool of tools) {
    switch (tool.type) {
      case 'computer':
        plans.push({
          key: 'computer',
          build: (id) => computerCall(undefined, { callId: id }),
          done: (item) => item?.type === 'computer_call',
        });
        break;
      case 'shell':
        plans.push({
          key: 'shell',
          build: (id) => shellCall(undefined, { callId: id }),
          done: (item) => item?.type === 'shell_call',
        });
        break;
      case 'apply_patch':
        plans.push({
          key: 'patch',
          build: (id) => applyPatchCall(undefined, { callId: id }),
          done: (item) => item?.type === 'apply_patch_call',
        });
        break;
      case 'hosted_tool': {
        const kind = tool.providerData?.type;
        const hosted = hostedBuilder(kind, tool.providerData);
        if (hosted === undefined) break;
        plans.push({
          key: hosted.name,
          build: hosted.build,
          done: (item) =>
            item?.type === 'hosted_tool_call' && item.name === hosted.name &&
            (kind !== 'mcp' || item.providerData?.server_label === tool.providerData?.server_label),
        });
        break;
      }
    }
  }
  return plans;
}

function hostedBuilder(
  kind: unknown,
  providerData: Record<string, unknown> | undefined,
): { name: string; build: (id: string) => OutputModelItem } | undefined {
  switch (kind) {
    case 'web_search':
    case 'web_search_preview':
      return { name: 'web_search_call', build: (id) => webSearchCall({ id }) };
    case 'file_search':
      return { name: 'file_search_call', build: (id) => fileSearchCall({ id }) };
    case 'code_interpreter':
      return { name: 'code_interpreter_call', build: (id) => codeInterpreterCall({ id }) };
    case 'image_generation':
      return { name: 'image_generation_call', build: (id) => imageGenerationCall({ id }) };
    case 'mcp':
      return {
        name: 'mcp_call',
        build: (id) => mcpCall({ id, serverLabel: String(providerData?.server_label) }),
      };
    default:
      return undefined;
  }
}
