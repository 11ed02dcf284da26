import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { AUTO_AXIS, DEFAULT_DISPLAY } from '@strata/shared';
import { ChartToolbar, formatBound, parseBound } from './chart-toolbar';
import { LineChartPanel } from './line-chart-panel';

function renderToolbar(overrides: Partial<Parameters<typeof ChartToolbar>[0]> = {}) {
  const props = {
    axis: AUTO_AXIS,
    onAxisChange: vi.fn(),
    onResetAxis: vi.fn(),
    display: DEFAULT_DISPLAY,
    onDisplayChange: vi.fn(),
    onExport: vi.fn(),
    xType: 'value' as const,
    ...overrides,
  };
  return { ...renderWidget(<ChartToolbar {...props} />), props };
}

describe('chart toolbar (spec §2.15)', { timeout: 20_000 }, () => {
  it('applies a numeric axis bound on Enter and refuses text that is not a number', async () => {
    const { user, props } = renderToolbar();
    const yMin = screen.getByLabelText('Ymin');
    await user.type(yMin, 'abc');
    expect(await screen.findByText('Enter a number')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(props.onAxisChange).not.toHaveBeenCalled();
    await user.clear(yMin);
    await user.type(yMin, '-12.5{Enter}');
    expect(props.onAxisChange).toHaveBeenCalledWith({ ...AUTO_AXIS, yMin: -12.5 });
  });

  it('resets the axis', async () => {
    const { user, props } = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'Reset axis' }));
    expect(props.onResetAxis).toHaveBeenCalled();
  });

  it('switches Labels, Subtitle, Legends, Grid and All levels from its menu', async () => {
    const { user, props } = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'Chart options' }));
    const items = screen.getAllByRole('menuitemcheckbox').map((item) => item.textContent);
    expect(items).toEqual(['Labels', 'Subtitle', 'Legends', 'Grid', 'All levels']);
    expect(screen.getByRole('menuitemcheckbox', { name: 'All levels' }).getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Grid' }));
    expect(props.onDisplayChange).toHaveBeenCalledWith({ ...DEFAULT_DISPLAY, grid: false });
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'All levels' }));
    expect(props.onDisplayChange).toHaveBeenLastCalledWith({ ...DEFAULT_DISPLAY, allLevels: true });
  });

  it('exports to PNG, JPG, PDF and SVG, in that order, and offers no export without the permission', async () => {
    const { user, props, unmount } = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'Chart options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Export PNG', 'Export JPG', 'Export PDF', 'Export SVG']);
    await user.click(screen.getByRole('menuitem', { name: 'Export PDF' }));
    expect(props.onExport).toHaveBeenCalledWith('pdf');
    unmount();
    const second = renderToolbar({ onExport: undefined });
    await second.user.click(screen.getByRole('button', { name: 'Chart options' }));
    expect(screen.queryByRole('menuitem', { name: 'Export PNG' })).toBeNull();
  });

  it('reads numeric bounds, refusing what is not a number', () => {
    expect(formatBound(-2.5)).toBe('-2.5');
    expect(formatBound(null)).toBe('');
    expect(parseBound('1e3')).toBe(1000);
    expect(parseBound(' ')).toBeNull();
    expect(Number.isNaN(parseBound('12a'))).toBe(true);
  });

  it("gives a time axis's Xmin/Xmax the app's DD/MM/YYYY HH:mm:ss field in the configured zone, not the browser's picker", async () => {
    // 27/11/2026 07:00 UTC: 15:00 in Singapore, whatever zone the browser (here the test's) is in.
    const at = Date.UTC(2026, 10, 27, 7);
    const { user, props } = renderToolbar({ xType: 'time', timezone: 'Asia/Singapore', axis: { ...AUTO_AXIS, xMin: at } });
    const xMin = screen.getByRole('group', { name: 'Xmin' });
    expect(xMin.querySelector('input')!.value).toBe('27/11/2026 15:00:00');
    expect(document.querySelector('input[type="datetime-local"]')).toBeNull();
    // Typed in the zone: 28/11/2026 08:30:15 in Singapore is 00:30:15 UTC.
    const xMax = screen.getByRole('group', { name: 'Xmax' });
    await user.click(within(xMax).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('28112026083015');
    expect(props.onAxisChange).toHaveBeenLastCalledWith({ ...AUTO_AXIS, xMin: at, xMax: Date.UTC(2026, 10, 28, 0, 30, 15) });
    // The Y bounds stay numbers.
    expect(screen.getByLabelText('Ymin')).toHaveProperty('type', 'text');
  });
});

describe('line chart panel', () => {
  it('says "No data to display" when there is nothing to draw, with its toolbar off', () => {
    renderWidget(<LineChartPanel lines={[{ name: 'DSPA', points: [] }]} label="Chart of DSPA" fileName="x" />);
    expect(screen.getByText('No data to display')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset axis' })).toHaveProperty('disabled', true);
  });
});
