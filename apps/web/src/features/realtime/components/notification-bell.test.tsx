import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { liveStore } from '../../../lib/live-connection';
import { renderWidget } from '../../../test/render-widget';
import { NotificationBell } from './notification-bell';

describe('NotificationBell', () => {
  afterEach(() => liveStore.setState({ unread: 0 }));

  it('rings the red unread count in white, so it reads on the red Administrative bar as on the blue one', () => {
    liveStore.setState({ unread: 3 });
    renderWidget(<NotificationBell />, { url: '/en/admin/users', styles: true });
    const link = screen.getByRole('link', { name: /3 unread notification/ });
    const count = screen.getByText('3');
    expect(link.contains(count)).toBe(true);
    expect(getComputedStyle(count).boxShadow).toBe('0 0 0 2px #fff');
  });
});
