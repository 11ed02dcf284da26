import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BOOKMARK_LIMITS, type TBookmark } from '@strata/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import BookmarkDialog from './bookmark-dialog';

const LABELS = { positive: 'OK', negative: 'Cancel' };

function setup(name: string) {
  const sent: unknown[] = [];
  server.use(
    http.post(api('/bookmarks'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ bookmark_id: 3, created: '2026-11-20T00:00:00.000Z', ...body } as TBookmark);
    }),
  );
  const resolve = vi.fn();
  renderWidget(<BookmarkDialog params={{ name, path: '/dashboard' }} resolve={resolve} cancel={() => {}} labels={LABELS} />);
  return { sent, resolve };
}

describe('BookmarkDialog', () => {
  it('offers a long page title cut to the shared limit, and refuses a name one character over it, saying the limit', async () => {
    const { sent } = setup('p'.repeat(BOOKMARK_LIMITS.name + 20));
    const form = screen.getByRole('form', { name: 'Bookmark this page' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('p'.repeat(BOOKMARK_LIMITS.name));
    fireEvent.change(name, { target: { value: 'n'.repeat(BOOKMARK_LIMITS.name + 1) } });
    fireEvent.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText(`Must be at most ${BOOKMARK_LIMITS.name} characters`)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('says an empty name is required in Chinese', async () => {
    await i18n.changeLanguage('zh');
    setup('');
    const form = screen.getByRole('form', { name: '收藏此页' });
    fireEvent.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText('此项为必填项')).toBeVisible();
  });

  it('saves the trimmed name with the page', async () => {
    const { sent, resolve } = setup('  Work space  ');
    fireEvent.click(within(screen.getByRole('form', { name: 'Bookmark this page' })).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(resolve).toHaveBeenCalled());
    expect(sent).toEqual([{ name: 'Work space', path: '/dashboard', icon: null }]);
  });
});
