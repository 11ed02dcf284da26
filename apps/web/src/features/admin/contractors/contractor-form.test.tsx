import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CONTRACTOR_LIMITS } from '@strata/shared';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWidget } from '../../../test/render-widget';
import { ContractorForm } from './contractor-form';

function setup() {
  const submit = vi.fn();
  const view = renderWidget(<ContractorForm onSubmit={submit} submitLabel="Save" />);
  const field = (name: RegExp) => screen.getByRole('textbox', { name });
  return { ...view, submit, field };
}

describe('ContractorForm', () => {
  it('refuses a name and a registration no. over the shared limits, saying each limit in English', async () => {
    const { field, submit } = setup();
    fireEvent.change(field(/^name/i), { target: { value: 'x'.repeat(CONTRACTOR_LIMITS.name + 1) } });
    fireEvent.change(field(/registration no/i), { target: { value: 'x'.repeat(CONTRACTOR_LIMITS.registration_no + 1) } });
    expect(await screen.findByText('Must be at most 200 characters')).toBeVisible();
    expect(await screen.findByText('Must be at most 50 characters')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('invalid')).toBeVisible();
    expect(submit).not.toHaveBeenCalled();
  });

  it('says the limit and that a name is required in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { field } = setup();
    fireEvent.change(field(/名称/), { target: { value: 'x'.repeat(CONTRACTOR_LIMITS.name + 1) } });
    expect(await screen.findByText('最多 200 个字符')).toBeVisible();
    fireEvent.change(field(/名称/), { target: { value: '   ' } });
    expect(await screen.findByText('此项为必填项')).toBeVisible();
  });

  it('sends the trimmed name, and empty optional fields as null', async () => {
    const { field, submit } = setup();
    fireEvent.change(field(/^name/i), { target: { value: '  Acme Piling  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'Acme Piling', registration_no: null, address: null, contact: null }));
  });
});
