import { fireEvent, screen } from '@testing-library/react';
import { CONTRACT_LIMITS } from '@strata/shared';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderWidget } from '../../test/render-widget';
import { api, server } from '../../test/server';
import { ContractForm } from './contract-form';

function setup() {
  const submit = vi.fn();
  renderWidget(<ContractForm onSubmit={submit} submitLabel="Save" />);
  const field = (name: RegExp) => screen.getByRole('textbox', { name });
  return { submit, field };
}

beforeEach(() => {
  server.use(http.get(api('/account/register/contractors'), () => HttpResponse.json({ records: [] })));
});

describe('ContractForm', () => {
  it('refuses a number, a title and a description over the shared limits, each with its number', async () => {
    const { field, submit } = setup();
    fireEvent.change(field(/^Contract no\./), { target: { value: 'N'.repeat(CONTRACT_LIMITS.no + 1) } });
    fireEvent.change(field(/^Title/), { target: { value: 't'.repeat(CONTRACT_LIMITS.title + 1) } });
    fireEvent.change(field(/^Description/), { target: { value: 'd'.repeat(CONTRACT_LIMITS.description + 1) } });
    expect(await screen.findByText('Must be at most 50 characters')).toBeVisible();
    expect(screen.getByText('Must be at most 200 characters')).toBeVisible();
    expect(screen.getByText('Must be at most 2000 characters')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('invalid')).toBeVisible();
    expect(submit).not.toHaveBeenCalled();
  });

  it('says the limit and that a number is required in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { field } = setup();
    fireEvent.change(field(/^合同编号/), { target: { value: 'N'.repeat(CONTRACT_LIMITS.no + 1) } });
    expect(await screen.findByText('最多 50 个字符')).toBeVisible();
    fireEvent.change(field(/^合同编号/), { target: { value: ' ' } });
    expect(await screen.findByText('此项为必填项')).toBeVisible();
  });
});
