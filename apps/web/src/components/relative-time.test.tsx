import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/render-widget';
import { RelativeTime } from './relative-time';

const NOW = new Date('2024-03-05T12:00:00Z');

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says how long ago, with the full date-time in a tooltip, and keeps counting every minute', () => {
    renderWidget(<RelativeTime value="2024-03-05T11:55:00Z" />);
    const time = screen.getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2024-03-05T11:55:00.000Z');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('6 minutes ago')).not.toBeNull();
    fireEvent.mouseOver(time);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByRole('tooltip').textContent).toBe('05/03/2024 19:55:00');
  });

  it('switches to the absolute date-time after 7 days', () => {
    renderWidget(<RelativeTime value="2024-02-20T00:00:00Z" />);
    expect(screen.getByText('20/02/2024 08:00:00')).not.toBeNull();
  });

  it('shows nothing for an empty or invalid value', () => {
    const { container } = renderWidget(
      <>
        <RelativeTime value={null} />
        <RelativeTime value="not a date" />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
