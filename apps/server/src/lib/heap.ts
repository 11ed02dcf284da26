import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Keeping a long render's memory bounded (decision 039, "Memory"). V8 collects garbage lazily: a 100-page PDF report
 * whose live heap stays near 40 MB grew the process to ~360 MB of garbage (each chart's ECharts model, its SVG string
 * and the parsed SVG) before the heap's own limit made V8 collect. A renderer calls `collectGarbageAbove(limit)` after
 * each heavy step: when the used heap has passed `limit`, a full collection runs then (tens of milliseconds), so the
 * process stays near its live size however long the report. The collector is V8's own `gc`, exposed at run time.
 */
let gc: (() => void) | undefined;

function collector(): () => void {
  if (!gc) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (typeof exposed === 'function') gc = exposed;
    else {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    }
  }
  return gc;
}

const runs = { count: 0, ms: 0 };

/** Runs a full collection when the used heap is above `limitBytes`; answers whether it ran. */
export function collectGarbageAbove(limitBytes: number): boolean {
  if (v8.getHeapStatistics().used_heap_size <= limitBytes) return false;
  const start = performance.now();
  collector()();
  runs.count++;
  runs.ms += performance.now() - start;
  return true;
}

/** How many collections `collectGarbageAbove` ran in this process and their time (the benchmark reports it). */
export const forcedCollections = (): { count: number; ms: number } => ({ ...runs });
