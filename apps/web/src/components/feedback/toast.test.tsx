import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { useToast, type ToastOptions } from './toast';

let toast: (options: ToastOptions) => void = () => {};

function Capture() {
  toast = useToast();
  return null;
}

function show(options: ToastOptions) {
  act(() => toast(options));
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const visible = (text: string) => screen.queryByText(text) !== null;

describe('toast', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderWidget(<Capture />, { fakeTimers: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at once when none is open, at the top, and closes after 3000 ms by default', () => {
    show({ message: 'Saved' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Saved');
    expect(alert.closest('.MuiSnackbar-anchorOriginTopCenter')).not.toBeNull();
    advance(2990);
    expect(visible('Saved')).toBe(true);
    advance(20);
    advance(500); // exit transition
    expect(visible('Saved')).toBe(false);
  });

  it('queues a second toast until the first closes, then shows it 1 s later', () => {
    show({ message: 'First' });
    show({ message: 'Second' });
    expect(visible('First')).toBe(true);
    expect(visible('Second')).toBe(false);
    advance(3000); // First closes
    advance(990);
    expect(visible('Second')).toBe(false);
    advance(10);
    expect(visible('Second')).toBe(true);
    expect(visible('First')).toBe(false);
  });

  it('shows only the latest queued toast: earlier queued ones are dropped', () => {
    show({ message: 'Open one' });
    show({ message: 'Queued early' });
    show({ message: 'Queued late' });
    advance(3000);
    advance(1000);
    expect(visible('Queued late')).toBe(true);
    expect(visible('Queued early')).toBe(false);
    advance(3000);
    advance(1000);
    advance(500);
    expect(visible('Queued early')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a toast with an action for 7 s; the action runs and closes it', async () => {
    const action = vi.fn();
    show({ message: 'New alert on SM-0104', actionCb: action });
    advance(6900);
    expect(visible('New alert on SM-0104')).toBe(true);
    const button = screen.getByRole('button', { name: 'Open' });
    act(() => button.click());
    expect(action).toHaveBeenCalledTimes(1);
    advance(500);
    expect(visible('New alert on SM-0104')).toBe(false);
  });

  it('closes a toast with an action after 7 s when nobody acts', () => {
    show({ message: 'Linked', actionCb: () => {}, actionText: 'View' });
    expect(screen.getByRole('button', { name: 'View' })).not.toBeNull();
    advance(7000);
    advance(500);
    expect(visible('Linked')).toBe(false);
  });

  it('follows its own timeout, position and colours', () => {
    show({ message: 'Custom', timeout: 1000, position: 'bottom', color: 'error' });
    const alert = screen.getByRole('alert');
    expect(alert.closest('.MuiSnackbar-anchorOriginBottomCenter')).not.toBeNull();
    advance(1000);
    advance(500);
    expect(visible('Custom')).toBe(false);
  });

  it('closes from its close button and then shows the waiting toast 1 s later', () => {
    show({ message: 'One' });
    show({ message: 'Two' });
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    advance(999);
    expect(visible('Two')).toBe(false);
    advance(1);
    expect(visible('Two')).toBe(true);
  });
});
