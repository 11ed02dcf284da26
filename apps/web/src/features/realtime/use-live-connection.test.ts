import { describe, expect, it, vi } from 'vitest';
import { toastFor } from './use-live-connection';

describe('notification toasts', () => {
  it('colour by severity, and a link adds the Open action', () => {
    const open = vi.fn();
    expect(toastFor({ message: 'm', severity: 1, link_uri: null }, open)).toEqual({ message: 'm', color: 'info' });
    expect(toastFor({ message: 'm', severity: 3, link_uri: null }, open).color).toBe('error');
    const linked = toastFor({ message: 'm', severity: 2, link_uri: '/en/alert' }, open);
    expect(linked.color).toBe('warning');
    linked.actionCb?.();
    expect(open).toHaveBeenCalledWith('/en/alert');
  });
});
