import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../test/render-widget';
import { ReadMore } from './read-more';

const word = (n: number) => `w${String(n).padStart(3, '0')}`; // 4 characters
const textOf = (length: number) =>
  Array.from({ length: Math.ceil(length / 5) }, (_, i) => word(i))
    .join(' ')
    .slice(0, length);

describe('ReadMore', { timeout: 20_000 }, () => {
  it('shows text of 180 characters whole, without a toggle', () => {
    const text = textOf(180);
    const { container } = renderWidget(<ReadMore text={text} />);
    expect(container.textContent).toBe(text);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cuts longer text at 180 characters with "Read more", and "Read less" folds it again', async () => {
    const text = textOf(400);
    const { user, container } = renderWidget(<ReadMore text={text} />);
    const shown = container.querySelector('span')!.textContent!;
    expect(shown.endsWith('…')).toBe(true);
    expect(Array.from(shown).length).toBeLessThanOrEqual(181);
    expect(text.startsWith(shown.slice(0, -1))).toBe(true);
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(container.querySelector('span')!.textContent).toBe(text);
    await user.click(screen.getByRole('button', { name: 'Read less' }));
    expect(container.querySelector('span')!.textContent).toBe(shown);
  });

  it('takes another length', () => {
    const { container } = renderWidget(<ReadMore text="Settlement within limits today" max={10} />);
    expect(container.querySelector('span')!.textContent).toBe('Settlement…');
  });
});
