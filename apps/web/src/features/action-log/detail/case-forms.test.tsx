import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACTION_LOG_LIMITS } from '@strata/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWidget } from '../../../test/render-widget';
import { api, server } from '../../../test/server';
import { caseDetail, entry } from '../test-data';
import { CloseCaseDialog } from './close-case-dialog';
import { FollowUpForm } from './follow-up-form';

/** Records what the form sent to the case's endpoint (`close` or `entries`). */
function record(path: 'close' | 'entries') {
  const sent: unknown[] = [];
  server.use(
    http.post(api(`/action-cases/9/${path}`), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(path === 'close' ? caseDetail() : entry());
    }),
  );
  return sent;
}

describe('Closing a case', () => {
  it('refuses a reason one character over the shared limit, saying the limit, and sends none', async () => {
    const sent = record('close');
    renderWidget(<CloseCaseDialog open detail={caseDetail()} onClose={() => {}} />);
    const form = screen.getByRole('form', { name: 'Close case' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'r'.repeat(ACTION_LOG_LIMITS.reasonMax + 1) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Close case' }));
    expect(await within(form).findByText(`Must be at most ${ACTION_LOG_LIMITS.reasonMax} characters`)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('says an empty reason is required, in Chinese', async () => {
    await i18n.changeLanguage('zh');
    renderWidget(<CloseCaseDialog open detail={caseDetail()} onClose={() => {}} />);
    const form = screen.getByRole('form', { name: '关闭案例' });
    fireEvent.click(within(form).getByRole('button', { name: '关闭案例' }));
    expect(await within(form).findByText('此项为必填项')).toBeVisible();
  });
});

describe('Adding a follow-up', () => {
  it('refuses what was done over the shared limit, saying the limit in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const sent = record('entries');
    renderWidget(<FollowUpForm caseId={9} unlinked={[]} timezone="UTC" />);
    const form = screen.getByRole('form', { name: '添加跟进' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^采取的措施/ }), { target: { value: 'a'.repeat(ACTION_LOG_LIMITS.actionMax + 1) } });
    fireEvent.click(within(form).getByRole('button', { name: '添加跟进' }));
    expect(await within(form).findByText(`最多 ${ACTION_LOG_LIMITS.actionMax} 个字符`)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('sends the trimmed action with its time', async () => {
    const sent = record('entries');
    renderWidget(<FollowUpForm caseId={9} unlinked={[]} timezone="UTC" />);
    const form = screen.getByRole('form', { name: 'Add a follow-up' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^What was done/ }), { target: { value: '  Reset the marker.  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add follow-up' }));
    await waitFor(() => expect(sent).toEqual([{ action: 'Reset the marker.', done_at: expect.any(String) as string, file_ids: [] }]));
  });
});
