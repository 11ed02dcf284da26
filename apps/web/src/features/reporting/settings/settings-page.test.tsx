import { PDF_PASSWORD_NOTICE, type TReportProtection, type TReportProtectionUpdate } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';

const SLOW = { timeout: 5000 };

const settings = (overrides: Partial<TReportProtection> = {}): TReportProtection => ({
  watermark_enabled: false,
  watermark_text: '{user} · {time} · {contract}',
  watermark_position: 'diagonal',
  watermark_opacity: 0.2,
  watermark_attachments: true,
  pdf: [{ report_type: 'reading', open_password_set: true, no_print: true, no_copy: false }],
  xlsx_password_set: true,
  mail_attach_max_bytes: 5_000_000,
  mail_link_days: 7,
  external_recipients: false,
  updated: '2024-05-02T02:00:00Z',
  updated_by_name: 'Alice Tan',
  ...overrides,
});

function setup(permissions = ['ManageSystemSettings']) {
  storeTestCredential();
  const sent: TReportProtectionUpdate[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/reports/settings'), () => HttpResponse.json(settings())),
    http.put(api('/reports/settings'), async ({ request }) => {
      sent.push((await request.json()) as TReportProtectionUpdate);
      return HttpResponse.json(settings());
    }),
  );
  return { sent };
}

describe('Report and Document Protection Setting (spec §2.8)', { timeout: 40_000 }, () => {
  it('shows the notice verbatim and "Set" for stored passwords; unchanged passwords are left out of the PUT', async () => {
    const state = setup();
    const { user } = renderApp('/en/report/setting');
    const form = await screen.findByRole('form', { name: 'Report and document protection' }, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Report and Document Protection Setting' })).toBeInTheDocument();
    expect(within(form).getByText(PDF_PASSWORD_NOTICE)).toBeInTheDocument();
    const reading = within(form).getByRole('listitem', { name: 'Instrument Reading Report' });
    expect(within(reading).getByText('Set')).toBeInTheDocument();
    expect(within(reading).getByRole('checkbox', { name: 'No printing' })).toBeChecked();
    expect(within(within(form).getByRole('listitem', { name: 'Breach Report' })).getByText('Not set')).toBeInTheDocument();

    // The watermark preview fills the fields.
    await user.click(within(form).getByRole('switch', { name: 'Watermark generated PDFs' }));
    const text = within(form).getByRole('textbox', { name: 'Watermark text' });
    await user.clear(text);
    await user.type(text, 'Copy of {{user} for {{contract}');
    expect(within(form).getByRole('img', { name: 'Preview: Copy of Alice Tan for C101' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.sent).toHaveLength(1), SLOW);
    const body = state.sent[0]!;
    expect(body).not.toHaveProperty('xlsx_password');
    expect(body.pdf).toEqual([{ report_type: 'reading', no_print: true, no_copy: false }]);
    expect(body).toMatchObject({
      watermark_enabled: true,
      watermark_text: 'Copy of {user} for {contract}',
      mail_attach_max_bytes: 5_000_000,
      mail_link_days: 7,
    });
    expect(await screen.findByText('Report and document protection saved', {}, SLOW)).toBeInTheDocument();
  });

  it('a cleared password is sent as null, a changed one as its text, and a new protection of another type is added', async () => {
    const state = setup();
    const { user } = renderApp('/en/report/setting');
    const form = await screen.findByRole('form', { name: 'Report and document protection' }, SLOW);
    await user.click(within(form).getByRole('button', { name: 'Clear Sheet password' }));
    expect(within(form).getByText('Cleared on save')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Change Open password of Instrument Reading Report' }));
    await user.type(within(form).getByLabelText('New Open password of Instrument Reading Report'), 'S3cret-pass');
    const breach = within(form).getByRole('listitem', { name: 'Breach Report' });
    await user.click(within(breach).getByRole('checkbox', { name: 'No copying' }));
    await user.clear(within(form).getByRole('spinbutton', { name: 'Attachment size limit (MB)' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Attachment size limit (MB)' }), '2.5');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.sent).toHaveLength(1), SLOW);
    const body = state.sent[0]!;
    expect(body.xlsx_password).toBeNull();
    expect(body.pdf).toEqual([
      { report_type: 'reading', no_print: true, no_copy: false, open_password: 'S3cret-pass' },
      { report_type: 'breach', no_print: false, no_copy: true },
    ]);
    expect(body.mail_attach_max_bytes).toBe(2_500_000);
  });

  it('is not open without Manage System Settings: the guard sends the user to the default page', async () => {
    setup(['SearchorViewReportTemplates']);
    const { location } = renderApp('/en/report/setting');
    await waitFor(() => expect(location()).not.toBe('/en/report/setting'), SLOW);
    expect(screen.queryByRole('form', { name: 'Report and document protection' })).toBeNull();
  });
});
