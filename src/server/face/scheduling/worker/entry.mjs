// Worker threads get neither tsx's nor vitest's TypeScript loader by default; tsx's API compiles the
// worker's TypeScript the same way under `tsx`, vitest and plain node.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
