import { z } from 'zod';
import { ZIdText } from './ids.js';

/** A same-site path with its query string: starts with one `/`, no scheme, no host, no backslash. */
export const ZSitePath = z
  .string()
  .trim()
  .min(1, 'Path is required')
  .max(2048, 'Path must be at most 2048 characters')
  .regex(/^\/(?![/\\])[^\\\s]*$/, 'Path must be a page of this site, starting with /');

export const BOOKMARK_LIMITS = {
  /** Longest bookmark name, in characters, after trimming (a longer page title is cut to it). */
  name: 100,
} as const;

export const ZBookmarkRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(BOOKMARK_LIMITS.name, `Name must be at most ${BOOKMARK_LIMITS.name} characters`),
  path: ZSitePath,
  /** A Material icon name (e.g. `star`, `map_outlined`). */
  icon: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/, 'Icon must be an icon name')
    .nullish(),
});
export type TBookmarkRequest = z.infer<typeof ZBookmarkRequest>;

export const ZBookmark = z.object({
  bookmark_id: z.number().int(),
  name: z.string(),
  path: z.string(),
  icon: z.string().nullable(),
  /** ISO 8601. */
  created: z.string(),
});
export type TBookmark = z.infer<typeof ZBookmark>;

export const ZListBookmarksQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TListBookmarksQuery = z.infer<typeof ZListBookmarksQuery>;

export const ZBookmarkList = z.object({ records: z.array(ZBookmark) });
export type TBookmarkList = z.infer<typeof ZBookmarkList>;

export const ZBookmarkIdParam = z.object({ bookmark_id: ZIdText });
