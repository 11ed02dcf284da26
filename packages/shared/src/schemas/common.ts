import { z } from 'zod';
import { ZBigIdText, ZIdText } from './ids.js';

/** A general error body: a JSON string, shown by the client as an alert. */
export const ZErrorMessage = z.string();
/** A validation error body: field name -> message; the client fills the form fields. */
export const ZFieldErrors = z.record(z.string(), z.string());
export type TFieldErrors = z.infer<typeof ZFieldErrors>;

export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;

export const ZPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** A page of a list searched by a keyword (text contained, any case). */
export const ZKeywordPageQuery = ZPageQuery.extend({ keyword: z.string().trim().max(100).optional() });
export type TKeywordPageQuery = z.infer<typeof ZKeywordPageQuery>;

/** `/{id}` of a row with an `integer` id. */
export const ZIdParam = z.object({ id: ZIdText });
/** `/{id}` of a row with a `bigserial` id (notifications, announcements). */
export const ZBigIdParam = z.object({ id: ZBigIdText });
