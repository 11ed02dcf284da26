import { describe, expect, it } from 'vitest';
import { SEVERITY_COLORS } from '@strata/shared';
import { contrast, luminance, TEXT_DARK, TEXT_LIGHT, textOn } from './text-on';

describe('text on a coloured background', () => {
  it('reads at 4.5:1 or more on every severity colour (CL light blue, AL orange, PDL red, WSL dark red)', () => {
    for (const color of Object.values(SEVERITY_COLORS)) {
      const text = textOn(color) === TEXT_DARK ? 0 : 1;
      expect(contrast(luminance(color)!, text), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('takes black on the PDL red, where white reads only 4.2:1', () => {
    expect(contrast(luminance('#e53935')!, 1)).toBeLessThan(4.5);
    expect(textOn('#e53935')).toBe(TEXT_DARK);
  });

  it('takes white on dark colours and on what is not a colour it can read', () => {
    expect(textOn('#8b0000')).toBe(TEXT_LIGHT);
    expect(textOn('#000')).toBe(TEXT_LIGHT);
    expect(textOn('#fff')).toBe(TEXT_DARK);
    expect(textOn(undefined)).toBe(TEXT_LIGHT);
    expect(textOn('red')).toBe(TEXT_LIGHT);
  });
});
