import { MOCKING_FILES, webProject } from './vitest.config.js';

/** The web test files that mock a module, each in its own module graph (see vitest.config.ts). */
export default webProject('web-isolated', { include: MOCKING_FILES });
