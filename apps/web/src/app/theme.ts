import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { enUS as coreEn, zhCN as coreZh } from '@mui/material/locale';
import { enUS as pickersEn, zhCN as pickersZh } from '@mui/x-date-pickers/locales';
import type { Language } from '@strata/shared';

/** The app theme: light or dark (the "Use Dark Theme" switch), with MUI's texts in the page language. */
export function createAppTheme(mode: PaletteMode, lang: Language): Theme {
  const zh = lang === 'zh';
  return createTheme(
    {
      palette: {
        mode,
        primary: { main: mode === 'dark' ? '#64b5f6' : '#1565c0' },
        // Light mode: every colour carries small text, as the text on white (an outlined chip: "MT · Mined tunnel") or as
        // white text on it (a filled chip: "Medium"), so each is at least 4.5:1 against white (WCAG AA): MUI's orange
        // (#ed6c02, 3.1:1) and light blue (#0288d1, 3.9:1) are too pale; these are the same hues, deeper (5.5, 4.8 and
        // 4.8:1). Dark mode keeps MUI's light colours, which are drawn with dark text.
        secondary: { main: mode === 'dark' ? '#ffb74d' : '#b34700' },
        ...(mode === 'light' ? { warning: { main: '#bf5000' }, info: { main: '#0277bd' } } : {}),
        // The text on a filled colour (a chip, a button) is white only where white reaches 4.5:1, else dark (MUI's
        // default threshold is 3:1: white on dark mode's red #f44336 is 3.7:1).
        contrastThreshold: 4.5,
      },
      shape: { borderRadius: 8 },
    },
    zh ? coreZh : coreEn,
    zh ? pickersZh : pickersEn,
  );
}
