/**
 * An error reduced to what may be logged: name, message, code, stack. Database drivers attach the query and its
 * parameters to errors (PGlite: `query`, `params`), and parameters may be secrets (job data, tokens).
 */
export function safeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const code = (err as { code?: unknown }).code;
  return { name: err.name, message: err.message, ...(code === undefined ? {} : { code }), stack: err.stack };
}
