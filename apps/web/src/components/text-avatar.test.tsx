import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../test/render-widget';
import { getContrastRatio } from '@mui/material/styles';
import { AVATAR_COLORS, TextAvatar } from './text-avatar';

describe('TextAvatar', () => {
  it.each([
    ['Tan Ah Kow Lim', 'TAK'],
    ['Siti Nurhaliza', 'SN'],
    ['admin', 'A'],
    ['陈大文', '陈'],
    ['', '?'],
  ])('shows at most 3 initials: %s -> %s', (name, initials) => {
    const { container } = renderWidget(<TextAvatar name={name} />);
    const avatar = container.querySelector('.MuiAvatar-root')!;
    expect(avatar.textContent).toBe(initials);
    expect(Array.from(avatar.textContent ?? '').length).toBeLessThanOrEqual(3);
  });

  it('shows the picture when there is one, named after the person', () => {
    renderWidget(<TextAvatar name="Li Wei" src="/files/li-wei.png" />);
    expect(screen.getByRole('img', { name: 'Li Wei' }).getAttribute('src')).toBe('/files/li-wei.png');
  });

  it('gives the same person the same colour', () => {
    // The colours are read from the computed style.
    const { container } = renderWidget(
      <>
        <TextAvatar name="Li Wei" />
        <TextAvatar name="Li Wei" />
      </>,
      { styles: true },
    );
    const [a, b] = [...container.querySelectorAll('.MuiAvatar-root')];
    expect(getComputedStyle(a!).backgroundColor).toMatch(/^rgb/);
    expect(getComputedStyle(a!).backgroundColor).toBe(getComputedStyle(b!).backgroundColor);
  });

  it.each(AVATAR_COLORS)('writes white initials on %s at 4.5:1 at least (WCAG AA)', (colour) => {
    expect(getContrastRatio('#ffffff', colour)).toBeGreaterThanOrEqual(4.5);
  });
});
