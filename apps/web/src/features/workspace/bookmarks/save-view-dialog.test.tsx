import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BOOKMARK_LIMITS, type TBookmark } from '@strata/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import SaveViewDialog from './save-view-dialog';

const LABELS = { positive: 'Save', negative: 'Cancel' };

function setup(name: string) {
  const sent: unknown[] = [];
  server.use(
    http.post(api('/bookmarks'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ bookmark_id: 4, created: '2026-11-20T00:00:00.000Z', ...body } as TBookmark);
    }),
  );
  const resolve = vi.fn();
  renderWidget(<SaveViewDialog params={{ name, path: '/dashboard?zoom=14' }} resolve={resolve} cancel={() => {}} labels={LABELS} />);
  return { sent, resolve };
}

describe('SaveViewDialog', () => {
  it('refuses a name one character over the shared limit, saying the limit in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { sent } = setup('View');
    const form = screen.getByRole('form', { name: '保存此视图' });
    fireEvent.change(within(form).getByRole('textbox', { name: '名称' }), { target: { value: 'n'.repeat(BOOKMARK_LIMITS.name + 1) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(`最多 ${BOOKMARK_LIMITS.name} 个字符`)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('says an empty name is required, then saves the view under its name', async () => {
    const { sent, resolve } = setup('');
    const form = screen.getByRole('form', { name: 'Save this view' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required')).toBeVisible();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Tunnel north' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(resolve).toHaveBeenCalled());
    expect(sent).toEqual([{ name: 'Tunnel north', path: '/dashboard?zoom=14', icon: 'map' }]);
  });
});
