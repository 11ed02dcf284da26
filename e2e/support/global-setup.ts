import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';

/** Starts the built app once for the run (see `startServer`). The web app must be built (`npm run build`) before. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
