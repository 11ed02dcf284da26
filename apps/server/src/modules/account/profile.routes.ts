import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, ZFieldErrors, ZOk, ZProfilePictureResponse, ZUpdateProfileRequest, ZUserIdParam } from '@strata/shared';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { readMultipart } from '../../lib/upload.js';
import { requireActor } from '../../plugins/route-config.js';
import { PICTURE_MAX_BYTES, type ProfileService } from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.put(
    '/account/profile',
    {
      config: { permissions: [] },
      schema: { tags: ['account'], summary: 'Edit full name and description', body: ZUpdateProfileRequest, response: { 200: ZOk, 400: ZFieldErrors } },
    },
    async (req) => {
      await profile.update(requireActor(req.actor), req.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/account/profile/picture',
    {
      config: { permissions: [] },
      schema: {
        tags: ['account'],
        summary: 'Upload a profile picture (multipart, one image of at most 2 MB; stored 256×256 WebP)',
        consumes: ['multipart/form-data'],
        response: { 200: ZProfilePictureResponse, 400: z.union([z.string(), ZFieldErrors]) },
      },
    },
    async (req) => {
      const actor = requireActor(req.actor);
      if (!req.isMultipart()) throw badRequest({ picture: MESSAGES.fileRequired });
      const data = await readMultipart(async () => {
        const file = await req.file({ limits: { files: 1, fileSize: PICTURE_MAX_BYTES } });
        if (!file) throw badRequest({ picture: MESSAGES.fileRequired });
        try {
          return await file.toBuffer();
        } catch (err) {
          if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw badRequest({ picture: MESSAGES.imageTooLarge });
          throw err;
        }
      });
      return profile.setPicture(actor, data);
    },
  );

  app.get(
    '/account/picture/:user_id',
    {
      // Shown again on every page: kept five minutes (the uploader's own view asks again with a new `v` after a change).
      config: { permissions: [], resourceToken: true, allowExpiredPassword: true, cacheControl: 'private, max-age=300' },
      schema: { tags: ['account'], summary: "A user's profile picture (WebP); for <img>, the resource token in _token", params: ZUserIdParam },
    },
    async (req, reply) => {
      const data = await profile.picture(req.params.user_id);
      return reply.type('image/webp').send(data);
    },
  );
};
