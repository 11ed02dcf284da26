import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZActivateRequest,
  ZActivateResponse,
  ZApproveUserRequest,
  ZFieldErrors,
  ZIdParam,
  ZKeywordPageQuery,
  ZPendingUserList,
  ZRegisterContractors,
  ZRegisterRequest,
  ZRegisterResponse,
  ZRejectUserRequest,
  ZUserStatusResponse,
} from '@strata/shared';
import { z } from 'zod';
import { requireActor } from '../../plugins/route-config.js';
import type { RegistrationService } from './registration.service.js';

const errors = { 400: z.union([z.string(), ZFieldErrors]), 429: z.string() };

export const registrationRoutes: FastifyPluginAsyncZod<{ registration: RegistrationService }> = async (app, { registration }) => {
  app.post(
    '/account/register',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: "Ask for an account; it waits for an administrator's approval",
        body: ZRegisterRequest,
        response: { 200: ZRegisterResponse, ...errors },
      },
    },
    (req) => registration.register(req.body, req.ip),
  );

  app.get(
    '/account/register/contractors',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Contractors to choose from when asking for a Contractor account (id and name)',
        response: { 200: ZRegisterContractors },
      },
    },
    () => registration.contractorChoices(),
  );

  app.post(
    '/account/activate',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Use the mailed activation token; answers the token for /setup-password',
        body: ZActivateRequest,
        response: { 200: ZActivateResponse, ...errors },
      },
    },
    (req) => registration.activate(req.body.token, req.ip),
  );

  app.get(
    '/admin/users/pending',
    {
      config: { permissions: ['ApproveUserUpload'] },
      schema: {
        tags: ['admin'],
        summary: 'Registrations waiting for approval (keyword: in the login name, name or e-mail)',
        querystring: ZKeywordPageQuery,
        response: { 200: ZPendingUserList },
      },
    },
    (req) => registration.listPending(req.query),
  );

  app.post(
    '/admin/users/:id/approve',
    {
      config: { permissions: ['ApproveUserUpload'] },
      schema: {
        tags: ['admin'],
        summary: 'Approve a registration: the user becomes active and gets an activation link',
        params: ZIdParam,
        body: ZApproveUserRequest,
        response: { 200: ZUserStatusResponse, 400: z.union([z.string(), ZFieldErrors]), 404: z.string(), 409: z.string() },
      },
    },
    (req) => registration.approve(requireActor(req.actor), req.params.id, req.body),
  );

  app.post(
    '/admin/users/:id/reject',
    {
      config: { permissions: ['ApproveUserUpload'] },
      schema: {
        tags: ['admin'],
        summary: 'Reject a registration: the request is deleted and the reason mailed',
        params: ZIdParam,
        body: ZRejectUserRequest,
        response: { 200: ZUserStatusResponse, 400: z.union([z.string(), ZFieldErrors]), 404: z.string(), 409: z.string() },
      },
    },
    (req) => registration.reject(requireActor(req.actor), req.params.id, req.body.reason),
  );
};
