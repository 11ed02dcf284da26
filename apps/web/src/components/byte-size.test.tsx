import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../test/render-widget';
import { ByteSize } from './byte-size';

describe('ByteSize', () => {
  it.each([
    [999, '999 B'],
    [1500, '1.5 kB'],
    [10_000_000, '10 MB'],
    [2_750_000_000, '2.8 GB'],
  ])('shows %d bytes in base-1000 units as %s', (value, text) => {
    renderWidget(<ByteSize value={value} />);
    expect(screen.getByText(text)).not.toBeNull();
  });

  it('keeps the exact count in the title and shows nothing for no value', () => {
    const { container } = renderWidget(
      <>
        <ByteSize value={10_000_000} />
        <ByteSize value={null} />
      </>,
    );
    expect(screen.getByText('10 MB').getAttribute('title')).toBe('10,000,000 B');
    expect(container.textContent).toBe('10 MB');
  });
});
