import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COMMENT_LIMITS, ZCloseAlertRequest, ZCreateCommentRequest } from '@strata/shared';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWidget } from '../../../test/render-widget';
import { TextDialog, type TextDialogProps } from './text-dialog';

const REASON_MAX = ZCloseAlertRequest.shape.reason.maxLength!;

function setup(field: TextDialogProps['field']) {
  const submit = vi.fn(() => Promise.resolve());
  renderWidget(<TextDialog open title="Close Alert" label="Reason" submitLabel="Send" field={field} onSubmit={submit} onClose={() => {}} />);
  const dialog = screen.getByRole('dialog', { name: 'Close Alert' });
  const text = within(dialog).getByRole('textbox', { name: /^Reason/ });
  return { submit, dialog, text };
}

describe('TextDialog', () => {
  it("refuses a close reason over the shared schema's limit, saying the limit", async () => {
    const { submit, dialog, text } = setup(ZCloseAlertRequest.shape.reason);
    fireEvent.change(text, { target: { value: 'r'.repeat(REASON_MAX + 1) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(`Must be at most ${REASON_MAX} characters`)).toBeVisible();
    expect(submit).not.toHaveBeenCalled();
  });

  it('refuses an empty reason, then sends it trimmed', async () => {
    const { submit, dialog, text } = setup(ZCloseAlertRequest.shape.reason);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This field is required')).toBeVisible();
    fireEvent.change(text, { target: { value: '  Grouting done.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith('Grouting done.'));
  });

  it("says a QP comment's limit (the comments' shared limit) in Chinese", async () => {
    await i18n.changeLanguage('zh');
    const { dialog, text } = setup(ZCreateCommentRequest.shape.comment);
    fireEvent.change(text, { target: { value: 'c'.repeat(COMMENT_LIMITS.maxLength + 1) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(`最多 ${COMMENT_LIMITS.maxLength} 个字符`)).toBeVisible();
  });
});
