import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReportProtection, ZReportProtectionUpdate } from '@strata/shared';
import { requireActor } from '../../../plugins/route-config.js';
import type { ReportProtectionService } from './report-protection.service.js';

/**
 * Report and document protection settings (spec §2.8 /report/setting, Manage System Settings; issue 21, decision 041):
 * the watermark, PDF passwords and permissions per report type, XLSX sheet protection and the scheduled reports' mail
 * limits. Passwords are write-only: the answer says whether each is set.
 */
export const reportProtectionRoutes: FastifyPluginAsyncZod<{ protection: ReportProtectionService }> = async (app, { protection }) => {
  const tags = ['reports'];
  const config = { permissions: ['ManageSystemSettings' as const] };

  app.get(
    '/reports/settings',
    { config, schema: { tags, summary: 'Report and document protection settings (passwords never sent: `*_set`)', response: { 200: ZReportProtection } } },
    () => protection.view(),
  );

  app.put(
    '/reports/settings',
    {
      config,
      schema: {
        tags,
        summary: 'Save the report and document protection settings: a password left out is kept, null clears it, a text sets it',
        body: ZReportProtectionUpdate,
        response: { 200: ZReportProtection },
      },
    },
    (req) => protection.update(requireActor(req.actor), req.body),
  );
};
