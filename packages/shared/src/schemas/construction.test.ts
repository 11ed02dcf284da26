import { describe, expect, it } from 'vitest';
import { siteProgressStatus } from './construction.js';

const summary = (date: string | null, value: number | null, target: number | null) => ({ date, value, target, stage_no: null, stage_name: null });

describe('a construction site\u2019s state', () => {
  it('is not started before any progress', () => {
    expect(siteProgressStatus('E', summary(null, null, 83.5))).toBe('not-started');
    expect(siteProgressStatus('MT', summary(null, null, 1655))).toBe('not-started');
  });

  it('is complete once an excavation reaches its formation level, or a drive its end', () => {
    expect(siteProgressStatus('E', summary('2026-11-01', 83.5, 83.5))).toBe('complete');
    expect(siteProgressStatus('E', summary('2026-11-01', 83.51, 83.5))).toBe('in-progress');
    expect(siteProgressStatus('MT', summary('2026-11-01', 1655.2, 1655.2))).toBe('complete');
    expect(siteProgressStatus('MT', summary('2026-11-01', 1558.4, 1655.2))).toBe('in-progress');
  });

  it('stays in progress without a target to reach', () => {
    expect(siteProgressStatus('E', summary('2026-11-01', 80, null))).toBe('in-progress');
  });
});
