import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTestCredential } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { setViewport, WIDTHS } from '../test/viewport';

describe('404 page', () => {
  it('reads the spec text for an unknown path and links home', async () => {
    renderApp('/en/no/such/page');
    expect(await screen.findByText("We are looking for your page..but we can't find it.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/en/');
  });

  it('is shown to signed-in users too, in the page language, inside the frame (menu, toolbar)', async () => {
    storeTestCredential();
    setViewport(WIDTHS.desktop);
    renderApp('/zh/no/such/page');
    expect(await screen.findByText('我们正在寻找您的页面……但找不到它。', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/zh/');
    expect(await screen.findByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('stands alone for a signed-out visitor (no menu, no toolbar)', async () => {
    renderApp('/en/no/such/page');
    expect(await screen.findByText("We are looking for your page..but we can't find it.")).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows for a path whose prefix is not a language, after moving it below /en', async () => {
    const { location } = renderApp('/fr/admin');
    expect(await screen.findByText("We are looking for your page..but we can't find it.")).toBeInTheDocument();
    expect(location()).toBe('/en/fr/admin');
  });
});
