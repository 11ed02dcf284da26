import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('app theme', () => {
  it.each(['light', 'dark'] as const)('colours text on the page with 4.5:1 at least in %s mode (WCAG AA)', (mode) => {
    const { palette } = createAppTheme(mode, 'en');
    const colours = {
      primary: palette.primary.main,
      error: palette.error.main,
      warning: palette.warning.main,
      textSecondary: palette.text.secondary,
    };
    const ratios = Object.fromEntries(Object.entries(colours).map(([name, colour]) => [name, getContrastRatio(colour, palette.background.paper)]));
    for (const [name, ratio] of Object.entries(ratios)) expect(ratio, name).toBeGreaterThanOrEqual(4.5);
  });
});
