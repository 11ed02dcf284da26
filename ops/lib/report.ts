/** What the topology script prints: each step with what it checks and how long it took, and the polling it waits with. */

const started = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A line under the current step. */
export function note(text: string): void {
  process.stdout.write(`    ${text}\n`);
}

/** Runs one step: prints its title, then `ok` with its time, or the failure (which ends the script). */
export async function step<T>(title: string, run: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  process.stdout.write(`\n[${seconds(t0 - started).padStart(7)}] ${title}\n`);
  try {
    const value = await run();
    process.stdout.write(`    ok (${seconds(Date.now() - t0)})\n`);
    return value;
  } catch (err) {
    process.stdout.write(`    FAILED after ${seconds(Date.now() - t0)}: ${err instanceof Error ? err.message : String(err)}\n`);
    throw err;
  }
}

export function elapsed(): string {
  return seconds(Date.now() - started);
}

export class CheckError extends Error {}

/** Thrown inside an `until` condition: stops the waiting at once (a process ended, a job failed). */
export class Abort extends Error {}

/** Throws a CheckError with `what` when `ok` is false. */
export function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new CheckError(what);
}

/**
 * Polls `cond` every `everyMs` until it gives a value (not undefined or false); throws after `timeoutMs`, naming `what`.
 * The way every step waits: for a condition, never for a fixed time.
 */
export async function until<T>(what: string, timeoutMs: number, cond: () => Promise<T | undefined | false> | T | undefined | false, everyMs = 25): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await cond();
      if (v !== undefined && v !== false) return v;
    } catch (err) {
      if (err instanceof Abort) throw err;
      last = err;
    }
    if (Date.now() > end) {
      const why = last instanceof Error ? ` (last error: ${last.message})` : '';
      throw new CheckError(`timed out after ${seconds(timeoutMs)} waiting for ${what}${why}`);
    }
    await sleep(everyMs);
  }
}

/** Milliseconds since `t0`, rounded. */
export const since = (t0: number) => Math.round(Date.now() - t0);
