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
      secondary: palette.secondary.main,
      info: palette.info.main,
      success: palette.success.main,
      textSecondary: palette.text.secondary,
    };
    const ratios = Object.fromEntries(Object.entries(colours).map(([name, colour]) => [name, getContrastRatio(colour, palette.background.paper)]));
    for (const [name, ratio] of Object.entries(ratios)) expect(ratio, name).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['light', 'dark'] as const)('writes the text of a filled chip or button with 4.5:1 on its colour in %s mode', (mode) => {
    const { palette } = createAppTheme(mode, 'en');
    for (const name of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
      const { main, contrastText } = palette[name];
      expect(getContrastRatio(contrastText, main), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
