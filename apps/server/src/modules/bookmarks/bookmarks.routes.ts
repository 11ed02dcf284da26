import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBookmark, ZBookmarkIdParam, ZBookmarkList, ZBookmarkRequest, ZFieldErrors, ZListBookmarksQuery, ZOk } from '@strata/shared';
import { z } from 'zod';
import { requireActor } from '../../plugins/route-config.js';
import type { BookmarksService } from './bookmarks.service.js';

const errors = { 400: z.union([z.string(), ZFieldErrors]), 404: z.string() };

export const bookmarksRoutes: FastifyPluginAsyncZod<{ bookmarks: BookmarksService }> = async (app, { bookmarks }) => {
  app.get(
    '/bookmarks',
    {
      config: { permissions: [] },
      schema: { tags: ['bookmarks'], summary: "The caller's bookmarks, newest first", querystring: ZListBookmarksQuery, response: { 200: ZBookmarkList } },
    },
    (req) => bookmarks.list(requireActor(req.actor), req.query),
  );

  app.post(
    '/bookmarks',
    {
      config: { permissions: [] },
      schema: { tags: ['bookmarks'], summary: 'Bookmark a page of this site', body: ZBookmarkRequest, response: { 200: ZBookmark, ...errors } },
    },
    (req) => bookmarks.create(requireActor(req.actor), req.body),
  );

  app.put(
    '/bookmarks/:bookmark_id',
    {
      config: { permissions: [] },
      schema: {
        tags: ['bookmarks'],
        summary: "Rename or move one of the caller's bookmarks",
        params: ZBookmarkIdParam,
        body: ZBookmarkRequest,
        response: { 200: ZBookmark, ...errors },
      },
    },
    (req) => bookmarks.update(requireActor(req.actor), req.params.bookmark_id, req.body),
  );

  app.delete(
    '/bookmarks/:bookmark_id',
    {
      config: { permissions: [] },
      schema: { tags: ['bookmarks'], summary: "Delete one of the caller's bookmarks", params: ZBookmarkIdParam, response: { 200: ZOk, 404: z.string() } },
    },
    async (req) => {
      await bookmarks.remove(requireActor(req.actor), req.params.bookmark_id);
      return { ok: true as const };
    },
  );
};
