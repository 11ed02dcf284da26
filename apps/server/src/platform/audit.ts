import type { AuditActor, Actor } from '../context.js';
import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/** Field names whose values never reach an audit row. */
const SECRET_FIELDS = /password|secret|token|hash|recovery|otp|code$/i;

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Who did it when nobody did: scheduled and background work, the demo seed. */
export const SYSTEM_ACTOR: AuditActor = { userId: null, loginName: 'system', clientAddress: null };

export function auditActorOf(actor: Actor): AuditActor {
  return { userId: actor.userId, loginName: actor.loginName, clientAddress: actor.clientAddress };
}

function redact(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = SECRET_FIELDS.test(k) ? '[redacted]' : v instanceof Date ? v.toISOString() : v;
  return out;
}

/** Keeps only the fields that changed, so an update's row shows before/after of what moved. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/** Writes one audit row with the executor given: pass the transaction of the change so both commit or neither. */
export async function writeAudit(tx: Executor, who: AuditActor | Actor, entry: AuditEntry): Promise<void> {
  const w = 'sessionId' in who ? auditActorOf(who) : who;
  await tx.insert(auditLog).values({
    userId: w.userId,
    loginName: w.loginName,
    clientAddress: w.clientAddress,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: redact(entry.before),
    after: redact(entry.after),
  });
}
