import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { EMPTY_DATE_RANGE, type DateRangeValue } from './compute-date-range';
import { DateRange } from './date-range';

const NOW = new Date('2024-03-05T20:30:00Z'); // 6 March 04:30 in Singapore

function Harness({ onChange, initial = EMPTY_DATE_RANGE }: { onChange: (v: DateRangeValue) => void; initial?: DateRangeValue }) {
  const [value, setValue] = useState(initial);
  return (
    <DateRange
      value={value}
      now={() => NOW}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

async function pick(user: ReturnType<typeof renderWidget>['user'], option: string) {
  await user.click(screen.getByRole('combobox', { name: 'Date range' }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('DateRange', { timeout: 20_000 }, () => {
  it('lists the options with their labels', async () => {
    const { user } = renderWidget(<Harness onChange={() => {}} />);
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Day', 'Week', '2 Weeks', '30 Days', '6 Months', 'Custom']);
  });

  it('computes the bounds of a preset when it is picked', async () => {
    const onChange = vi.fn();
    const { user } = renderWidget(<Harness onChange={onChange} />);
    await pick(user, 'Week');
    expect(onChange).toHaveBeenLastCalledWith({
      option: 'week',
      start: '2024-02-27T16:00:00.000Z',
      end: '2024-03-06T15:59:59.999Z',
    });
    expect(screen.queryByRole('group', { name: 'Start date' })).toBeNull();
  });

  it('shows two date pickers for custom, starting from the bounds shown so far', async () => {
    const onChange = vi.fn();
    const { user } = renderWidget(<Harness onChange={onChange} />);
    await pick(user, 'Day');
    await pick(user, 'Custom');
    expect(onChange).toHaveBeenLastCalledWith({
      option: 'custom',
      start: '2024-03-04T16:00:00.000Z',
      end: '2024-03-06T15:59:59.999Z',
    });
    const start = screen.getByRole('group', { name: 'Start date' });
    expect(start.querySelector('input')!.value).toBe('05/03/2024');
    expect(screen.getByRole('group', { name: 'End date' }).querySelector('input')!.value).toBe('06/03/2024');
  });

  it('ends a custom range at the end of the day typed', async () => {
    const onChange = vi.fn();
    const { user } = renderWidget(<Harness onChange={onChange} initial={{ option: 'custom', start: '2024-02-01T16:00:00.000Z', end: null }} />);
    const end = screen.getByRole('group', { name: 'End date' });
    await user.click(within(end).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('20022024');
    expect(onChange).toHaveBeenLastCalledWith({
      option: 'custom',
      start: '2024-02-01T16:00:00.000Z',
      end: '2024-02-20T15:59:59.999Z',
    });
  });
});
