import type { AttachmentsService } from '../attachments/attachments.service.js';
import type { CommentsService } from '../comments/comments.service.js';
import type { ScheduleJobRegistry } from '../schedules/schedule-jobs.js';

/** The scheduled clean-up of what hangs on deleted records: their photos, documents and comments. */
export function registerRecordJobs(registry: ScheduleJobRegistry, attachments: AttachmentsService, comments: CommentsService): void {
  registry.register(
    'purge-orphans',
    'Delete the photos, documents and comments of deleted records',
    async () => {
      const files = await attachments.purgeOrphans();
      const notes = await comments.purgeOrphans();
      return `Deleted ${files} file(s) and ${notes} comment(s) of deleted records`;
    },
    {
      name: 'Purge files of deleted records',
      description: 'Deletes the photos, documents and comments of deleted records',
      timing: { type: 'daily', hour: 2, minute: 45 },
    },
  );
}
