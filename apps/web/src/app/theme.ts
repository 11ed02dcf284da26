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
        secondary: { main: mode === 'dark' ? '#ffb74d' : '#ef6c00' },
        // MUI's orange (#ed6c02) is 3.1:1 on white, too pale for the small texts it colours (an outlined "Open" chip):
        // a deeper orange of 4.8:1 (WCAG AA for text); dark mode keeps MUI's light orange.
        ...(mode === 'light' ? { warning: { main: '#bf5000' } } : {}),
      },
      shape: { borderRadius: 8 },
    },
    zh ? coreZh : coreEn,
    zh ? pickersZh : pickersEn,
  );
}
