import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/render-widget';
import { ScrollRegion } from './scroll-region';

/** jsdom lays nothing out: the widths the region reads, and a ResizeObserver that reports once on observe. */
function layOut(contentWidth: number, boxWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(contentWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(boxWidth);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        this.callback();
      }
      disconnect() {}
    },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('scroll region', () => {
  it('is a region a keyboard reaches when its table is wider than the screen, named after the table and that it scrolls', () => {
    layOut(700, 390);
    renderWidget(
      <ScrollRegion label="Thresholds">
        <table aria-label="Thresholds" />
      </ScrollRegion>,
    );
    // Not the table's own name alone: a section of the page named "Thresholds" would make two landmarks of one name.
    const region = screen.getByRole('region', { name: 'Thresholds (scrolls sideways)' });
    expect(region.tabIndex).toBe(0);
  });

  it('is no tab stop and no region while its table fits', () => {
    layOut(390, 390);
    renderWidget(
      <ScrollRegion label="Thresholds">
        <table aria-label="Thresholds" />
      </ScrollRegion>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement!.hasAttribute('tabindex')).toBe(false);
  });
});
