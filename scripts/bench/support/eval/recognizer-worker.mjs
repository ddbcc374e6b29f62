// Worker threads get no TypeScript loader by default: tsx's API compiles the worker as the engine's entry.mjs does.
import { tsImport } from 'tsx/esm/api';

await tsImport('./recognizer-worker.ts', import.meta.url);
