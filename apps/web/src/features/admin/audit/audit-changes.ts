import type { TAuditLog } from '@strata/shared';

/** One field of an audit row as it changed: `before` absent for a created field, `after` absent for a removed one. */
export interface AuditChange {
  field: string;
  before?: string;
  after?: string;
}

const MAX = 60;

/** A value as a short text: numbers and words as they are, null as "—", lists and objects as compact JSON, long text cut. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

/**
 * What an audit row changed, field by field with the values on either side; fields whose value is the same before and
 * after are left out (a row stores only what changed, but some keep context such as a name on both sides).
 */
export function auditChanges(log: Pick<TAuditLog, 'before' | 'after'>): AuditChange[] {
  const before = log.before ?? {};
  const after = log.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.flatMap((field) => {
    const [had, has] = [Object.hasOwn(before, field), Object.hasOwn(after, field)];
    if (had && has && JSON.stringify(before[field]) === JSON.stringify(after[field])) return [];
    return [{ field, ...(had && { before: valueText(before[field]) }), ...(has && { after: valueText(after[field]) }) }];
  });
}

/** A change as one line: "status: active → inactive", "name: SM-1" (created), "zone: North → —" (cleared), "note: x (removed)". */
export function changeLine(c: AuditChange, removed: string): string {
  if (c.before === undefined) return `${c.field}: ${c.after}`;
  if (c.after === undefined) return `${c.field}: ${c.before} (${removed})`;
  return `${c.field}: ${c.before} → ${c.after}`;
}
