import type { ScheduleJobRegistry } from '../schedules/schedule-jobs.js';
import type { AuthService } from './auth.service.js';

/** The scheduled housekeeping of sign-in data: ended sessions and old sign-in failures. */
export function registerAuthJobs(registry: ScheduleJobRegistry, auth: AuthService): void {
  registry.register(
    'purge-sessions',
    'Delete ended sessions and old sign-in failures',
    async () => {
      const { sessions, failures } = await auth.purgeExpired();
      return `Deleted ${sessions} ended session(s) and ${failures} old sign-in failure(s)`;
    },
    {
      name: 'Purge ended sessions',
      description: 'Deletes sessions that ended a day ago and old sign-in failures',
      timing: { type: 'daily', hour: 2, minute: 30 },
    },
  );
}
