import { onTestFinished } from 'vitest';

/** Widths at which the tests look at the screen (MUI breakpoints: sm 600, md 900, lg 1200, xl 1536). */
export const WIDTHS = { phone: 390, sm: 700, tablet: 1000, desktop: 1440, xl: 1600 } as const;

function evaluate(query: string, width: number, hover: boolean): boolean {
  return query
    .split(/\s+and\s+/i)
    .map((part) => part.trim().replace(/^@media\s*/i, ''))
    .every((part) => {
      const min = /min-width:\s*([\d.]+)px/.exec(part);
      if (min) return width >= Number(min[1]);
      const max = /max-width:\s*([\d.]+)px/.exec(part);
      if (max) return width <= Number(max[1]);
      if (/hover:\s*none/.test(part)) return !hover;
      if (/hover:\s*hover/.test(part)) return hover;
      return false;
    });
}

/**
 * Pretends the window is `width` pixels wide (jsdom has no layout): `matchMedia`, which MUI's useMediaQuery reads,
 * answers for that width. Undone when the test ends.
 */
export function setViewport(width: number, { hover = true }: { hover?: boolean } = {}): void {
  const previous = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: evaluate(query, width, hover),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  onTestFinished(() => {
    if (previous) Object.defineProperty(window, 'matchMedia', previous);
    else delete (window as { matchMedia?: unknown }).matchMedia;
  });
}
