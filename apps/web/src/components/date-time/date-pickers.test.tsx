import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { AppDatePicker, AppDateTimePicker } from './date-pickers';

/** What the field shows (MUI keeps it in a hidden input beside the sections). */
function shown(label: string): string {
  return screen.getByRole('group', { name: label }).querySelector('input')!.value;
}

describe('date and time pickers', { timeout: 20_000 }, () => {
  it('show a date as DD/MM/YYYY in Singapore time', () => {
    // 5 March 20:30 UTC is 6 March in Singapore.
    renderWidget(<AppDatePicker label="Reading date" value="2024-03-05T20:30:00Z" onChange={() => {}} />);
    expect(shown('Reading date')).toBe('06/03/2024');
  });

  it('show a date-time as DD/MM/YYYY HH:mm:ss on a 24-hour clock', () => {
    renderWidget(<AppDateTimePicker label="Taken at" value="2024-03-05T07:04:09Z" onChange={() => {}} />);
    expect(shown('Taken at')).toBe('05/03/2024 15:04:09');
  });

  it('use another time zone when given', () => {
    renderWidget(<AppDateTimePicker label="Taken at" value="2024-03-05T07:04:09Z" timezone="UTC" onChange={() => {}} />);
    expect(shown('Taken at')).toBe('05/03/2024 07:04:09');
  });

  it('pass on a typed date as the start of that day in Singapore, and nothing while it is half typed', async () => {
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <AppDatePicker
          label="From"
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    const { user } = renderWidget(<Harness />);
    await user.click(within(screen.getByRole('group', { name: 'From' })).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('1504');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('2024');
    expect(onChange).toHaveBeenLastCalledWith('2024-04-14T16:00:00.000Z');
    expect(shown('From')).toBe('15/04/2024');
  });

  it('pass on a typed date-time with seconds', async () => {
    const onChange = vi.fn();
    const { user } = renderWidget(<AppDateTimePicker label="At" value={null} onChange={onChange} />);
    await user.click(within(screen.getByRole('group', { name: 'At' })).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('15042024233059');
    expect(onChange).toHaveBeenLastCalledWith('2024-04-15T15:30:59.000Z');
  });
});
