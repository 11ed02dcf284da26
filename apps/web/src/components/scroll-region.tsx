import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether the element's content is wider than the element (it scrolls sideways), followed as either resizes. */
function useScrollsSideways(): [React.RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls];
}

/**
 * A box that scrolls sideways when its content (a wide table on a phone) is wider than the screen. While it scrolls,
 * a keyboard user reaches it with Tab and scrolls it with the arrow keys, and a screen reader hears it as a region
 * named after `label` and that it scrolls (axe-core `scrollable-region-focusable`; "Contracts (scrolls sideways)", not the
 * table's own name, which a section of the page may carry too: axe-core `landmark-unique`); while its content fits, it
 * is no tab stop.
 */
export function ScrollRegion({ label, children, sx }: { label: string; children: ReactNode; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const [ref, scrolls] = useScrollsSideways();
  return (
    <Box
      ref={ref}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? t('common.scrollRegion', { name: label }) : undefined}
      tabIndex={scrolls ? 0 : undefined}
      sx={[{ overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}
