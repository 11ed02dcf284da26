import { fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES, READING_CODE_LIMITS } from '@strata/shared';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWidget } from '../../../test/render-widget';
import { TypeForm } from './type-form';

const { code: CODE_MAX, description: DESCRIPTION_MAX, unit: UNIT_MAX } = READING_CODE_LIMITS;

function setup(label = 'Reading code 1') {
  const submit = vi.fn();
  renderWidget(<TypeForm categories={[]} onSubmit={submit} submitLabel="Save" />);
  const row = screen.getByRole('group', { name: label });
  const field = (name: RegExp) => within(row).getByRole('textbox', { name });
  const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
  return { submit, row, field, type };
}

describe('TypeForm reading code rows', () => {
  it('refuses a code, a description and a unit over the shared limits, saying each limit', async () => {
    const { submit, row, field, type } = setup();
    type(/^Code/, 'C'.repeat(CODE_MAX + 1));
    type(/^Description/, 'd'.repeat(DESCRIPTION_MAX + 1));
    type(/^Unit/, 'u'.repeat(UNIT_MAX + 1));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText(`Must be at most ${DESCRIPTION_MAX} characters`)).toBeVisible();
    expect(field(/^Description/)).toHaveAccessibleDescription(`Must be at most ${DESCRIPTION_MAX} characters`);
    expect(field(/^Code/)).toHaveAccessibleDescription(`Must be at most ${CODE_MAX} characters`);
    expect(field(/^Unit/)).toHaveAccessibleDescription(`Must be at most ${UNIT_MAX} characters`);
    expect(submit).not.toHaveBeenCalled();
  });

  it('says an empty code and description are required, and the shared character and min/max rules', async () => {
    const { row, type } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(row).findAllByText('This field is required')).toHaveLength(2);
    type(/^Code/, 'A B');
    type(/^Min/, '5');
    type(/^Max/, '1');
    expect(await within(row).findByText(MESSAGES.readingCodeChars)).toBeVisible();
    expect(within(row).getByText(MESSAGES.maxAboveMin)).toBeVisible();
  });

  it('says the limit and the shared rules in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const { row, type } = setup('读数代码 1');
    type(/^代码/, 'A B');
    type(/^说明/, 'd'.repeat(DESCRIPTION_MAX + 1));
    type(/^最小值/, '5');
    type(/^最大值/, '1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText(`最多 ${DESCRIPTION_MAX} 个字符`)).toBeVisible();
    expect(within(row).getByText('代码只能包含字母、数字、_ . 和 -')).toBeVisible();
    expect(within(row).getByText('最大值必须大于最小值')).toBeVisible();
  });
});
