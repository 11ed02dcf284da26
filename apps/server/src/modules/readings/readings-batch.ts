import { BinaryReadingsWriter } from './copy-binary.js';
import { monthsOf, ROLLUP_GRAIN_MS, type SeriesKey } from './reading-keys.js';
import { type LoadInput } from './readings-load.repository.js';

export interface SeriesPoints {
  key: SeriesKey;
  /** [epoch ms, value], any order, no two at the same time. */
  points: [number, number][];
}

/**
 * A batch for `loadReadings` built from points in memory (demo data, tests, benchmarks): the binary COPY data of the
 * readings, their rollups per grain and the latest value of each series — what the upload validation writes for a file.
 */
export function buildBatch(series: SeriesPoints[], uploadId: number | null = null): { input: LoadInput; months: string[]; rows: number } {
  const writer = new BinaryReadingsWriter(series.reduce((n, s) => n + s.points.length, 0));
  const rollups: string[] = [];
  const latest: LoadInput['latest'] = [];
  const grains = new Set<number>();
  const isoCache = new Map<number, string>();
  const iso = (ms: number) => {
    let v = isoCache.get(ms);
    if (v === undefined) {
      v = new Date(ms).toISOString();
      if (isoCache.size > 100_000) isoCache.clear();
      isoCache.set(ms, v);
    }
    return v;
  };
  let rows = 0;
  series.forEach((s, index) => {
    const pts = [...s.points].sort((a, b) => a[0] - b[0]);
    let g = NaN;
    let n = 0;
    let min: [number, number] = [0, 0];
    let max: [number, number] = [0, 0];
    let firstT = 0;
    let lastT = 0;
    const flush = () => {
      if (n > 0) rollups.push(`${index}\t${iso(g)}\t${n}\t${min[1]}\t${max[1]}\t${min[0] - g}\t${max[0] - g}\t${firstT - g}\t${lastT - g}\n`);
    };
    for (const p of pts) {
      writer.add(index, uploadId, p[0], p[1]);
      const gp = Math.floor(p[0] / ROLLUP_GRAIN_MS) * ROLLUP_GRAIN_MS;
      if (gp !== g) {
        flush();
        g = gp;
        grains.add(gp);
        n = 0;
        min = p;
        max = p;
        firstT = p[0];
      } else if (p[1] < min[1]) min = p;
      else if (p[1] > max[1]) max = p;
      n++;
      lastT = p[0];
    }
    flush();
    rows += pts.length;
    const last = pts.at(-1);
    if (last) latest.push({ index, takenAt: iso(last[0]), value: last[1] });
  });
  return {
    input: { uploadId, series: series.map((s) => s.key), readings: writer.finish(), rollups: rollups.join(''), latest },
    months: monthsOf(grains),
    rows,
  };
}
