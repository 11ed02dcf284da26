import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminUserDetail,
  ZAdminUserList,
  ZCreateAdminUserRequest,
  ZIdParam,
  ZListAdminUsersQuery,
  ZOk,
  ZPageQuery,
  ZSetUserContractsRequest,
  ZUpdateAdminUserRequest,
  ZUserContracts,
  ZUserImportQuery,
  ZUserImportResult,
  ZUserImportTemplateQuery,
  ZUserSessionList,
  ZUserSessionParams,
  ZUserStatusChange,
} from '@strata/shared';
import { attachment, MIME } from '../../lib/content-disposition.js';
import { badRequest } from '../../lib/errors.js';
import { readMultipart } from '../../lib/upload.js';
import { requireActor } from '../../plugins/route-config.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { AdminUsersService } from './admin-users.service.js';
import { importTemplate } from './user-import-file.js';
import type { UserImportService } from './user-import.service.js';

export interface AdminUsersRoutesOptions {
  adminUsers: AdminUsersService;
  userImport: UserImportService;
  settings: SettingsService;
}

export const adminUsersRoutes: FastifyPluginAsyncZod<AdminUsersRoutesOptions> = async (app, { adminUsers, userImport, settings }) => {
  // Multipart for the bulk upload, in this plugin's scope only, unless an outer scope already parses it.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  const params = { params: ZIdParam };
  const tags = ['admin-users'];

  app.get(
    '/admin/users',
    {
      config: { permissions: ['SearchUsers'] },
      schema: { tags, summary: 'Search users', querystring: ZListAdminUsersQuery, response: { 200: ZAdminUserList } },
    },
    (req) => adminUsers.list(requireActor(req.actor), req.query),
  );

  app.post(
    '/admin/users',
    {
      config: { permissions: ['CreateorDeleteUsers'] },
      schema: {
        tags,
        summary: 'Register a user (approved, no password; the activation mail is sent)',
        body: ZCreateAdminUserRequest,
        response: { 200: ZAdminUserDetail },
      },
    },
    (req) => adminUsers.create(requireActor(req.actor), req.body),
  );

  app.get(
    '/admin/users/import/template',
    {
      config: { permissions: ['BulkUserUpload'] },
      schema: { tags, summary: 'The bulk user upload template (CSV or XLSX)', querystring: ZUserImportTemplateQuery },
    },
    async (req, reply) => {
      const body = await importTemplate(req.query.format);
      return reply
        .header('content-type', MIME[req.query.format])
        .header('content-disposition', attachment(`user-import-template.${req.query.format}`))
        .send(body);
    },
  );

  app.post(
    '/admin/users/import',
    {
      config: { permissions: ['BulkUserUpload'] },
      schema: {
        tags,
        summary: 'Bulk user upload: a per-row report; valid rows staged as pending (nothing on dry_run)',
        querystring: ZUserImportQuery,
        response: { 200: ZUserImportResult },
      },
    },
    async (req) => {
      const max = (await settings.get()).general_max_upload;
      if (!req.isMultipart()) throw badRequest({ files: 'Upload one CSV or XLSX file' });
      const upload = await readMultipart(async () => {
        const file = await req.file({ limits: { fileSize: max, files: 1 } });
        if (!file) throw badRequest({ files: 'Upload one CSV or XLSX file' });
        try {
          return { fileName: file.filename, data: await file.toBuffer() };
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw badRequest({ files: `${file.filename} size is greater than allowed size (${max})` });
          throw err;
        }
      });
      return userImport.import(requireActor(req.actor), upload, req.query.dry_run);
    },
  );

  app.get(
    '/admin/users/:id',
    {
      config: { permissions: ['VieworEditUserInformation', 'SearchUsers'] },
      schema: { tags, summary: 'A user profile', ...params, response: { 200: ZAdminUserDetail } },
    },
    (req) => adminUsers.get(requireActor(req.actor), req.params.id),
  );

  app.put(
    '/admin/users/:id',
    {
      config: { permissions: ['VieworEditUserInformation'] },
      schema: { tags, summary: 'Edit User Information', ...params, body: ZUpdateAdminUserRequest, response: { 200: ZAdminUserDetail } },
    },
    (req) => adminUsers.update(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/admin/users/:id',
    {
      config: { permissions: ['CreateorDeleteUsers'] },
      schema: { tags, summary: 'Delete a user who never signed in (others: terminate)', ...params, response: { 200: ZOk } },
    },
    (req) => adminUsers.remove(requireActor(req.actor), req.params.id),
  );

  for (const action of ['suspend', 'reactivate', 'terminate'] as const) {
    app.post(
      `/admin/users/:id/${action}`,
      {
        config: { permissions: ['SuspendorTerminateUser'] },
        schema: {
          tags,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} a user (suspend/terminate end the sessions at once)`,
          ...params,
          response: { 200: ZUserStatusChange },
        },
      },
      (req) => adminUsers.changeStatus(requireActor(req.actor), req.params.id, action),
    );
  }

  app.post(
    '/admin/users/:id/reset',
    {
      config: { permissions: ['ResetUserPassword'] },
      schema: { tags, summary: 'Reset User: clear two-factor, end sessions, mail a password reset', ...params, response: { 200: ZUserStatusChange } },
    },
    (req) => adminUsers.reset(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/admin/users/:id/contracts',
    {
      config: { permissions: ['VieworEditUserInformation', 'ManageProjectAssignment'] },
      schema: { tags, summary: 'Contracts of a user', ...params, response: { 200: ZUserContracts } },
    },
    (req) => adminUsers.contracts(requireActor(req.actor), req.params.id),
  );

  app.put(
    '/admin/users/:id/contracts',
    {
      config: { permissions: ['VieworEditUserInformation', 'ManageProjectAssignment'] },
      schema: {
        tags,
        summary: "Assign contracts (a Contractor user: only their contractor's)",
        ...params,
        body: ZSetUserContractsRequest,
        response: { 200: ZUserContracts },
      },
    },
    (req) => adminUsers.setContracts(requireActor(req.actor), req.params.id, req.body),
  );

  app.get(
    '/admin/users/:id/sessions',
    {
      config: { permissions: ['SuspendorTerminateUser'] },
      schema: { tags, summary: 'Sessions of a user, newest first', ...params, querystring: ZPageQuery, response: { 200: ZUserSessionList } },
    },
    (req) => adminUsers.sessions(requireActor(req.actor), req.params.id, req.query),
  );

  app.delete(
    '/admin/users/:id/sessions/:session_id',
    {
      config: { permissions: ['SuspendorTerminateUser'] },
      schema: { tags, summary: 'End one session of a user', params: ZUserSessionParams, response: { 200: ZOk } },
    },
    (req) => adminUsers.endSession(requireActor(req.actor), req.params.id, req.params.session_id),
  );
};
