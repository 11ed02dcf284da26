import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ZPutAnnouncementRequest } from '@strata/shared';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import { AnnouncementPage } from './announcement-page';

const TITLE_MAX = ZPutAnnouncementRequest.shape.title.maxLength!;
const MESSAGE_MAX = ZPutAnnouncementRequest.shape.message.maxLength!;

let sent: unknown[];
beforeEach(() => {
  sent = [];
  server.use(
    http.get(api('/announcement'), () => HttpResponse.json(null)),
    http.put(api('/announcement'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ announcement_id: 1, created: '2026-11-20T00:00:00.000Z', ends_at: null, ...body });
    }),
  );
});

function form(name: string) {
  renderWidget(<AnnouncementPage />);
  return screen.getByRole('form', { name });
}

describe('AnnouncementPage', () => {
  it('refuses a title and a message over the shared limits, saying each limit, and publishes nothing', async () => {
    const write = form('Write an announcement');
    fireEvent.change(within(write).getByRole('textbox', { name: /^Title/ }), { target: { value: 't'.repeat(TITLE_MAX + 1) } });
    fireEvent.change(within(write).getByRole('textbox', { name: /^Message/ }), { target: { value: 'm'.repeat(MESSAGE_MAX + 1) } });
    fireEvent.click(within(write).getByRole('button', { name: 'Publish' }));
    expect(await within(write).findByText(`Must be at most ${TITLE_MAX} characters`)).toBeVisible();
    expect(within(write).getByText(`Must be at most ${MESSAGE_MAX} characters`)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('says an empty title and message are required in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const write = form('撰写公告');
    fireEvent.click(within(write).getByRole('button', { name: '发布' }));
    expect(await within(write).findAllByText('此项为必填项')).toHaveLength(2);
  });

  it('publishes the trimmed title and message from now, without an end', async () => {
    const write = form('Write an announcement');
    fireEvent.change(within(write).getByRole('textbox', { name: /^Title/ }), { target: { value: '  Maintenance  ' } });
    fireEvent.change(within(write).getByRole('textbox', { name: /^Message/ }), { target: { value: 'Down on Sunday.' } });
    fireEvent.click(within(write).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sent).toEqual([{ title: 'Maintenance', message: 'Down on Sunday.', starts_at: expect.any(String) as string, ends_at: null }]));
  });
});
