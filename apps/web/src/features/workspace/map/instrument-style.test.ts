import { SEVERITY_COLORS } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { instrumentColor, instrumentLook, worstLevel } from './instrument-style';

const look = instrumentLook({
  instruments: [{ code: 'SM', name: 'Settlement Marker', lta_code: null, category: null, icon: 'circle', icon_color: '#018e27', has_depth: false }],
  thresholds: [
    { code: 'CL', name: 'Check Level', color: SEVERITY_COLORS[1], severity: 1 },
    { code: 'WSL', name: 'Work Suspension Level', color: SEVERITY_COLORS[4], severity: 4 },
  ],
} as Parameters<typeof instrumentLook>[0]);

describe('instrument colours by status level', () => {
  it('draws an instrument at a level in the level colour, and a normal one in its type colour', () => {
    expect(instrumentColor(look, 'SM', 'WSL')).toBe(SEVERITY_COLORS[4]);
    expect(instrumentColor(look, 'SM', undefined)).toBe('#018e27');
  });

  it('colours a cluster by its most severe member', () => {
    expect(worstLevel(look, [undefined, 'CL', 'WSL', 'CL'])).toBe('WSL');
    expect(worstLevel(look, [undefined, undefined])).toBeUndefined();
  });
});
