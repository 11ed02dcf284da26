import type { TScheduleTiming } from '@strata/shared';

/**
 * The named jobs a schedule can run. Each module registers its own (this issue: `clean-expired-files`; later:
 * `missing-readings-check`, `scheduled-report`). A handler should be short: heavy work is sent to its own pg-boss
 * queue by the handler. It returns a message for the run log; a thrown error fails the run.
 */
export interface ScheduledRun {
  scheduleId: number;
  name: string;
  params: Record<string, unknown>;
  trigger: 'schedule' | 'manual';
}

export type ScheduledJobHandler = (run: ScheduledRun) => Promise<string | void> | string | void;

/** The schedule an installation gets for a housekeeping job, once (`SchedulesService.installDefaults`). */
export interface DefaultSchedule {
  name: string;
  description: string;
  timing: TScheduleTiming;
}

export interface ScheduledJob {
  name: string;
  label: string;
  handler: ScheduledJobHandler;
  defaultSchedule?: DefaultSchedule | undefined;
}

export class ScheduleJobRegistry {
  private readonly jobs = new Map<string, ScheduledJob>();

  register(name: string, label: string, handler: ScheduledJobHandler, defaultSchedule?: DefaultSchedule): void {
    if (this.jobs.has(name)) throw new Error(`schedules: job ${name} is already registered`);
    this.jobs.set(name, { name, label, handler, defaultSchedule });
  }

  get(name: string): ScheduledJob | undefined {
    return this.jobs.get(name);
  }

  list(): ScheduledJob[] {
    return [...this.jobs.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
