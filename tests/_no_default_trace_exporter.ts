/**
 * Preloaded before the doc tests under Deno. Importing the SDK starts its
 * default trace exporter's timer; the first `TraceRecorder` an example creates
 * replaces that exporter and so clears the timer inside the example, which
 * Deno's op sanitizer reports as a timer started before the test. A test
 * module does this once at module level (as the README advises); a doc example
 * has no module level of its own, so this preload does it for them. Nothing is
 * ever exported: the doc tests run without network permission.
 *
 * @module
 */
import { setTraceProcessors } from '@openai/agents';

setTraceProcessors([]);
