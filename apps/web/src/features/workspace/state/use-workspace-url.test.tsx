import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setNavigator } from '../../../lib/navigation';
import { useWorkspaceUrl } from './use-workspace-url';

function setup(navigating: boolean) {
  setNavigator({ navigate: () => undefined, currentPath: () => '/en/dashboard/search/excavation/1', navigating: () => navigating });
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/en/dashboard/search/excavation/1']}>{children}</MemoryRouter>;
  return renderHook(() => ({ url: useWorkspaceUrl(), location: useLocation() }), { wrapper });
}

describe('the work space URL writer', () => {
  afterEach(() => setNavigator(null));

  it('drops a quiet map write while another navigation is underway, so it cannot send the user back', () => {
    const { result } = setup(true);
    act(() => result.current.url.update({ pos: { x: 29279, y: 28156, zoom: 17 } }, { replace: true }));
    expect(result.current.location.search).toBe('');
    // What the user does still goes through.
    act(() => result.current.url.update({ keyword: 'SM' }));
    expect(result.current.location.search).toBe('?keyword=SM');
  });

  it('writes the map position when no navigation is underway', () => {
    const { result } = setup(false);
    act(() => result.current.url.update({ pos: { x: 29279, y: 28156, zoom: 17 } }, { replace: true }));
    expect(JSON.parse(new URLSearchParams(result.current.location.search).get('pos')!)).toEqual({ x: 29279, y: 28156, zoom: 17 });
  });
});
