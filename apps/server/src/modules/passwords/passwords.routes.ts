import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChangePasswordRequest,
  ZFieldErrors,
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZOk,
  ZSetPasswordResponse,
  ZSetPasswordWithTokenRequest,
} from '@strata/shared';
import { z } from 'zod';
import { requireActor } from '../../plugins/route-config.js';
import type { PasswordsService } from './passwords.service.js';

const errors = { 400: z.union([z.string(), ZFieldErrors]), 429: z.string() };

export const passwordsRoutes: FastifyPluginAsyncZod<{ passwords: PasswordsService }> = async (app, { passwords }) => {
  app.post(
    '/account/setup-password',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Set the first password with the setup token from activation',
        body: ZSetPasswordWithTokenRequest,
        response: { 200: ZSetPasswordResponse, ...errors },
      },
    },
    (req) => passwords.setup(req.body, { clientAddress: req.ip, userAgent: req.headers['user-agent'] }),
  );

  app.post(
    '/account/forgot-password',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Mail a reset link (1 h) to the account of a login name or e-mail address; the same answer either way',
        body: ZForgotPasswordRequest,
        response: { 200: ZForgotPasswordResponse, ...errors },
      },
    },
    (req) => passwords.forgot(req.body.login, { clientAddress: req.ip }),
  );

  app.post(
    '/account/reset-password',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a mailed reset token; every session of the user ends',
        body: ZSetPasswordWithTokenRequest,
        response: { 200: ZSetPasswordResponse, ...errors },
      },
    },
    (req) => passwords.reset(req.body, { clientAddress: req.ip, userAgent: req.headers['user-agent'] }),
  );

  app.post(
    '/account/change-password',
    {
      config: { permissions: [], allowExpiredPassword: true },
      schema: {
        tags: ['account'],
        summary: 'Change the password; every other session of the user ends',
        body: ZChangePasswordRequest,
        response: { 200: ZOk, ...errors },
      },
    },
    async (req) => {
      const actor = requireActor(req.actor);
      await passwords.change(actor, req.body, { clientAddress: actor.clientAddress, userAgent: req.headers['user-agent'] });
      return { ok: true as const };
    },
  );
};
