// The one setup line of a Deno project: `deno test --preload=./setup.ts`.
import 'scripted-agents/deno';
