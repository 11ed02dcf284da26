/**
 * When a scheduled report runs next (issue 21, decision 041): its frequency mapped onto the job scheduler's timings
 * (modules/schedules/next-run.ts, pure and DST-aware) — daily at a time, weekly on several weekdays (the earliest of
 * each day's next run), monthly on a day (a month without that day runs on its last day).
 */
import { WEEKDAYS, type TReportFrequency, type TScheduleTiming } from '@strata/shared';
import { nextRun } from '../../schedules/next-run.js';

const hm = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return { hour: h, minute: m };
};

/** The job scheduler's timings that together make this frequency. */
export function timingsOf(f: TReportFrequency): TScheduleTiming[] {
  const { hour, minute } = hm(f.time);
  switch (f.kind) {
    case 'daily':
      return [{ type: 'daily', hour, minute }];
    case 'weekly':
      return f.weekdays.map((dow) => ({ type: 'weekly', dow, hour, minute }));
    case 'monthly':
      return [{ type: 'monthly', dom: f.day, hour, minute }];
  }
}

/** The first due time strictly after `after`, in `timezone`. */
export function nextReportRun(frequency: TReportFrequency, timezone: string, after: Date): Date {
  let best: Date | undefined;
  for (const t of timingsOf(frequency)) {
    const n = nextRun(t, after, timezone);
    if (!best || n < best) best = n;
  }
  if (!best) throw new Error('nextReportRun: a frequency without any timing');
  return best;
}

/**
 * The latest due time at or before `now`, counting from `due` (a due time already reached), and how many due times
 * were passed over to get there (0: `due` is the latest). After downtime a schedule runs once, for the latest.
 */
export function latestDue(frequency: TReportFrequency, timezone: string, due: Date, now: Date): { dueAt: Date; skipped: number } {
  let dueAt = due;
  let skipped = 0;
  for (;;) {
    const n = nextReportRun(frequency, timezone, dueAt);
    if (n > now) return { dueAt, skipped };
    dueAt = n;
    skipped++;
  }
}

/** "Daily at 08:00", "Weekly on Monday, Thursday at 08:00", "Monthly on day 31 at 08:00". */
export function frequencyText(f: TReportFrequency): string {
  switch (f.kind) {
    case 'daily':
      return `Daily at ${f.time}`;
    case 'weekly':
      return `Weekly on ${f.weekdays.map((d) => WEEKDAYS[d]?.name ?? String(d)).join(', ')} at ${f.time}`;
    case 'monthly':
      return `Monthly on day ${f.day} at ${f.time}`;
  }
}
