import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZFieldErrors,
  ZOk,
  ZTfaCodeRequest,
  ZTfaConfirmResponse,
  ZTfaDisableRequest,
  ZTfaEnrollResponse,
  ZTfaStatus,
  ZTfaVerifyResponse,
} from '@strata/shared';
import { z } from 'zod';
import { requireActor } from '../../plugins/route-config.js';
import type { TfaService } from './tfa.service.js';

const errors = { 400: z.union([z.string(), ZFieldErrors]), 429: z.string() };

export const tfaRoutes: FastifyPluginAsyncZod<{ tfa: TfaService }> = async (app, { tfa }) => {
  app.get(
    '/account/tfa',
    {
      config: { permissions: [], allowExpiredPassword: true },
      schema: { tags: ['account'], summary: 'Two-factor lookup: required by the system (tfa_config), enrolled (tfa)', response: { 200: ZTfaStatus } },
    },
    (req) => tfa.status(requireActor(req.actor)),
  );

  app.post(
    '/account/tfa/enroll',
    {
      config: { permissions: [] },
      schema: {
        tags: ['account'],
        summary: 'Start two-factor set-up: a secret and its QR code, usable once confirmed',
        response: { 200: ZTfaEnrollResponse, ...errors },
      },
    },
    (req) => tfa.enroll(requireActor(req.actor)),
  );

  app.post(
    '/account/tfa/confirm',
    {
      config: { permissions: [] },
      schema: {
        tags: ['account'],
        summary: 'Confirm the set-up with a code: two-factor is on; answers the one-time recovery codes',
        body: ZTfaCodeRequest,
        response: { 200: ZTfaConfirmResponse, ...errors },
      },
    },
    (req) => tfa.confirm(requireActor(req.actor), req.body.code, req.headers['user-agent']),
  );

  app.post(
    '/account/tfa/disable',
    {
      config: { permissions: [] },
      schema: { tags: ['account'], summary: 'Turn two-factor off (password required)', body: ZTfaDisableRequest, response: { 200: ZOk, ...errors } },
    },
    async (req) => {
      await tfa.disable(requireActor(req.actor), req.body.password, req.headers['user-agent']);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/tfa',
    {
      config: { permissions: [], unverifiedSession: true, allowExpiredPassword: true },
      schema: {
        tags: ['auth'],
        summary: 'Second sign-in step: a 6-digit code or a recovery code, with the bearer token /auth answered',
        body: ZTfaCodeRequest,
        response: { 200: ZTfaVerifyResponse, ...errors },
      },
    },
    (req) => tfa.verify(requireActor(req.actor), req.body.code, req.headers['user-agent']),
  );
};
