import { describe, expect, it } from 'vitest';
import { auditChanges, changeLine, valueText } from './audit-changes';

describe('the changes of an audit row', () => {
  it('gives each changed field with its old and new value, leaving out fields that kept theirs', () => {
    const changes = auditChanges({ before: { name: 'SM-1', status: 'active', level: 1.5 }, after: { name: 'SM-1', status: 'inactive', level: null } });
    expect(changes.map((c) => changeLine(c, 'removed'))).toEqual(['status: active → inactive', 'level: 1.5 → —']);
  });

  it('shows created and removed fields with their one value', () => {
    expect(auditChanges({ before: null, after: { name: 'Zone A', is_report: true } }).map((c) => changeLine(c, 'removed'))).toEqual([
      'name: Zone A',
      'is_report: true',
    ]);
    expect(auditChanges({ before: { note: 'x' }, after: {} }).map((c) => changeLine(c, 'removed'))).toEqual(['note: x (removed)']);
  });

  it('writes lists and objects as compact JSON, cut when long', () => {
    expect(valueText([{ reading: 'DSPA', level: 'AL', upper: 20 }])).toBe('[{"reading":"DSPA","level":"AL","upper":20}]');
    expect(valueText('x'.repeat(100))).toHaveLength(60);
    expect(valueText('x'.repeat(100)).endsWith('…')).toBe(true);
  });
});
