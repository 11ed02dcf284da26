import { INSTRUMENT_ICONS } from '@strata/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { InstrumentIcon, instrumentIconDataUrl, instrumentIconSvg } from './instrument-icon';

describe('InstrumentIcon', () => {
  it.each(INSTRUMENT_ICONS.map((icon) => [icon]))('draws the built-in icon %s as its own shape, filled with the colour', (icon) => {
    const svg = instrumentIconSvg(icon, '#db170d');
    expect(svg).toContain('fill="#db170d"');
    expect(svg).toMatch(/<(circle|rect|polygon|path)\b/);
    // Every icon differs from every other one.
    const others = INSTRUMENT_ICONS.filter((other) => other !== icon).map((other) => instrumentIconSvg(other, '#db170d'));
    expect(others).not.toContain(svg);
  });

  it('draws a circle for an unknown icon and grey for a colour that is not #rrggbb', () => {
    expect(instrumentIconSvg('rocket', '#018e27')).toBe(instrumentIconSvg('circle', '#018e27'));
    expect(instrumentIconSvg('circle', 'red" onload="x')).toContain('fill="#9e9e9e"');
  });

  it('is named by its title, and decorative without one', () => {
    const { container } = renderWidget(
      <>
        <InstrumentIcon icon="triangle" color="#0471d1" title="Settlement marker, Alert Level" size={32} />
        <InstrumentIcon icon="star" color="#018e27" />
      </>,
    );
    const named = screen.getByRole('img', { name: 'Settlement marker, Alert Level' });
    expect(named.getAttribute('src')).toBe(instrumentIconDataUrl('triangle', '#0471d1', 32));
    expect(named.getAttribute('width')).toBe('32');
    expect(container.querySelector('img[data-icon="star"]')?.getAttribute('aria-hidden')).toBe('true');
  });
});
