import { vi } from 'vitest';

// Test files share a worker's environment and its libraries (vite.config.ts, isolate: false),
// but not our modules: each file evaluates them afresh, so that its vi.mock replaces a module
// for every importer and no module's state (a store, a cache) carries over from another file.
vi.resetModules();
