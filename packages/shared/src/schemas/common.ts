import { z } from 'zod';

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

export const ZIdParam = z.object({ id: z.coerce.number().int().positive() });
