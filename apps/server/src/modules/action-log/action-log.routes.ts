import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZActionCaseCandidateList,
  ZActionCaseCandidatesQuery,
  ZActionCaseDetail,
  ZActionCaseList,
  ZActionCaseSummary,
  ZActionCaseTarget,
  ZActionCaseTargetQuery,
  ZActionEntry,
  ZAddActionEntryRequest,
  ZCloseActionCaseRequest,
  ZContractsQuery,
  ZIdParam,
  ZListActionCasesQuery,
  ZOpenActionCaseRequest,
  actionCaseTasksOf,
} from '@strata/shared';
import { attachment, MIME } from '../../lib/content-disposition.js';
import { requireActor } from '../../plugins/route-config.js';
import type { ActionLogService } from './action-log.service.js';

/**
 * The Log of Actions Taken (issue 9; decision 018). Each route lists every category's code of its action; the
 * service narrows to the case's category (breached, scenario, damaged).
 */
export const actionLogRoutes: FastifyPluginAsyncZod<{ actionLog: ActionLogService }> = async (app, { actionLog }) => {
  const tags = ['action-log'];
  const read = { permissions: actionCaseTasksOf('read') };
  const edit = { permissions: actionCaseTasksOf('edit') };

  app.get(
    '/action-cases',
    {
      config: read,
      schema: {
        tags,
        summary: 'Cases of the Log of Actions Taken, newest first (category, status, keyword, contracts, alert, instrument)',
        querystring: ZListActionCasesQuery,
        response: { 200: ZActionCaseList },
      },
    },
    (req) => actionLog.list(requireActor(req.actor), req.query),
  );

  app.get(
    '/action-cases/summary',
    {
      config: read,
      schema: {
        tags,
        summary: 'Open cases per category the caller may read (null for the others)',
        querystring: ZContractsQuery,
        response: { 200: ZActionCaseSummary },
      },
    },
    (req) => actionLog.summary(requireActor(req.actor), req.query.contracts),
  );

  app.get(
    '/action-cases/target',
    {
      config: edit,
      schema: {
        tags,
        summary: 'What a new case for an alert or a damaged instrument would be, and the case already open for it',
        querystring: ZActionCaseTargetQuery,
        response: { 200: ZActionCaseTarget },
      },
    },
    (req) => actionLog.target(requireActor(req.actor), req.query),
  );

  app.get(
    '/action-cases/candidates',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Open alerts of a category (breached or scenario) to open a case for, with their open case',
        querystring: ZActionCaseCandidatesQuery,
        response: { 200: ZActionCaseCandidateList },
      },
    },
    (req) => actionLog.candidates(requireActor(req.actor), req.query),
  );

  app.post(
    '/action-cases',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Open a case for an alert (one open case per alert) or a damaged instrument',
        body: ZOpenActionCaseRequest,
        response: { 200: ZActionCaseDetail },
      },
    },
    (req) => actionLog.open(requireActor(req.actor), req.body),
  );

  app.get(
    '/action-cases/:id',
    {
      config: read,
      schema: { tags, summary: 'A case with its alert and its follow-ups', params: ZIdParam, response: { 200: ZActionCaseDetail } },
    },
    (req) => actionLog.get(requireActor(req.actor), req.params.id),
  );

  app.post(
    '/action-cases/:id/entries',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Add a follow-up: what was done, when, and photos or documents already attached to the case',
        params: ZIdParam,
        body: ZAddActionEntryRequest,
        response: { 200: ZActionEntry },
      },
    },
    (req) => actionLog.addEntry(requireActor(req.actor), req.params.id, req.body),
  );

  app.post(
    '/action-cases/:id/close',
    {
      config: { permissions: actionCaseTasksOf('close') },
      schema: {
        tags,
        summary: 'Close a case with a reason (and its alert, unless close_alert is false)',
        params: ZIdParam,
        body: ZCloseActionCaseRequest,
        response: { 200: ZActionCaseDetail },
      },
    },
    (req) => actionLog.close(requireActor(req.actor), req.params.id, req.body),
  );

  app.get(
    '/action-cases/:id/pdf',
    {
      config: { permissions: actionCaseTasksOf('view'), resourceToken: true },
      schema: {
        tags,
        summary: 'The case as a PDF: the case, its alert, every follow-up with who and when, its files (photos embedded); `?_token=` the resource token',
        params: ZIdParam,
      },
    },
    async (req, reply) => {
      const { fileName, body } = await actionLog.pdf(requireActor(req.actor), req.params.id);
      return reply.header('content-type', MIME.pdf).header('content-disposition', attachment(fileName)).send(body);
    },
  );
};
