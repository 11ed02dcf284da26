/**
 * The server project's test runner: vitest's own, with the tests of every file run in a random order (issue 15), so
 * that a test that leans on another's data fails. Vitest 4 takes `sequence.shuffle` from the root configuration only
 * (a project's own is ignored), hence a runner. The order follows `sequence.seed` (the root configuration gives
 * every run one; `--sequence.seed=N` repeats a run's order) and the global set-up prints it.
 */
import { TestRunner, type SerializedConfig } from 'vitest';

export default class ShuffledRunner extends TestRunner {
  constructor(config: SerializedConfig) {
    super(config);
    // Read when each file and suite is collected: files, describe blocks and their tests are shuffled by the seed.
    config.sequence.shuffle = true;
  }
}
