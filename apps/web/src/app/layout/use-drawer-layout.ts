import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * How the side menu behaves at this width: `desktop` (lg and up) a permanent drawer the toggle switches between
 * full and mini; `tablet` (md) the same, collapsing to mini at each navigation; `phone` (xs, sm) a temporary
 * overlay opened by the toggle and closed at each navigation.
 */
export type DrawerLayout = 'desktop' | 'tablet' | 'phone';

export function useDrawerLayout(): DrawerLayout {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'));
  const tablet = useMediaQuery(theme.breakpoints.up('md'));
  if (desktop) return 'desktop';
  return tablet ? 'tablet' : 'phone';
}

/** Heights of the top bar, so the contract bar and anchors can sit right under it. */
export const APP_BAR_HEIGHT = { xs: 56, sm: 64 } as const;
