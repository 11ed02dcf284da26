/**
 * Whether an error means the database could not be reached or the connection was lost (PostgreSQL restarting or
 * stopping, the network between): a moment's outage, answered 503 with Retry-After, not a failure of the request.
 * Looks through `cause` chains (drizzle wraps the driver's error).
 */
const PG_CLASSES = ['08']; // connection exception
const PG_CODES = new Set(['57P01', '57P02', '57P03']); // admin shutdown, crash shutdown, cannot connect now
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const MESSAGES = [/^Connection terminated/, /^Client has encountered a connection error/, /^Client was closed and is not queryable/];

export function isConnectionLost(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (PG_CODES.has(code) || NODE_CODES.has(code) || PG_CLASSES.includes(code.slice(0, 2)))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}
