/**
 * The SDK MCP types that appear in the MCP server double's public
 * signatures, under local names (see `_sdk_types.ts` for why).
 *
 * @module
 */

import type {
  CallToolResult,
  CallToolResultContent,
  MCPCallToolOptions,
  MCPListResourcesParams,
  MCPListResourcesResult,
  MCPListResourceTemplatesResult,
  MCPReadResourceResult,
  MCPResource,
  MCPResourceContent,
  MCPResourceTemplate,
  MCPServer,
  MCPServerWithResources,
} from '@openai/agents-core';

/**
 * The SDK's `MCPServer` interface.
 *
 * @internal
 */
export type SdkMcpServer = MCPServer;
/**
 * The SDK's `MCPServerWithResources` interface.
 *
 * @internal
 */
export type SdkMcpServerWithResources = MCPServerWithResources;
/**
 * The SDK's `MCPTool`: a tool definition as `listTools()` returns it (the
 * type is not exported by name, so it is read off `MCPServer`).
 *
 * @internal
 */
export type SdkMcpTool = Awaited<ReturnType<MCPServer['listTools']>>[number];
/**
 * The SDK's `CallToolResult`.
 *
 * @internal
 */
export type SdkCallToolResult = CallToolResult;
/**
 * The SDK's `CallToolResultContent`.
 *
 * @internal
 */
export type SdkCallToolResultContent = CallToolResultContent;
/**
 * The SDK's `MCPCallToolOptions`.
 *
 * @internal
 */
export type SdkMcpCallToolOptions = MCPCallToolOptions;
/**
 * The SDK's `MCPListResourcesParams`.
 *
 * @internal
 */
export type SdkMcpListResourcesParams = MCPListResourcesParams;
/**
 * The SDK's `MCPListResourcesResult`.
 *
 * @internal
 */
export type SdkMcpListResourcesResult = MCPListResourcesResult;
/**
 * The SDK's `MCPListResourceTemplatesResult`.
 *
 * @internal
 */
export type SdkMcpListResourceTemplatesResult = MCPListResourceTemplatesResult;
/**
 * The SDK's `MCPReadResourceResult`.
 *
 * @internal
 */
export type SdkMcpReadResourceResult = MCPReadResourceResult;
/**
 * The SDK's `MCPResource`.
 *
 * @internal
 */
export type SdkMcpResource = MCPResource;
/**
 * The SDK's `MCPResourceTemplate`.
 *
 * @internal
 */
export type SdkMcpResourceTemplate = MCPResourceTemplate;
/**
 * The SDK's `MCPResourceContent`.
 *
 * @internal
 */
export type SdkMcpResourceContent = MCPResourceContent;
