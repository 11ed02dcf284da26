import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { AUTO_AXIS, DEFAULT_DISPLAY } from './chart-option';
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

describe('chart toolbar (spec §2.15)', () => {
  it('applies a numeric axis bound on Enter and refuses text that is not a number', async () => {
    const { user, props } = renderToolbar();
    const yMin = screen.getByLabelText('Ymin');
    await user.type(yMin, 'abc');
    expect(await screen.findByText('Enter a number')).toBeTruthy();
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

  it('switches Labels, Subtitle, Legends and Grid from its menu', async () => {
    const { user, props } = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'Chart options' }));
    const items = screen.getAllByRole('menuitemcheckbox').map((item) => item.textContent);
    expect(items).toEqual(['Labels', 'Subtitle', 'Legends', 'Grid']);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Grid' }));
    expect(props.onDisplayChange).toHaveBeenCalledWith({ ...DEFAULT_DISPLAY, grid: false });
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

  it('shows time bounds as local date-times in the time zone and reads them back', () => {
    const at = Date.UTC(2026, 0, 2, 1, 30);
    expect(formatBound(at, true, 'Asia/Singapore')).toBe('2026-01-02T09:30');
    expect(parseBound('2026-01-02T09:30', true, 'Asia/Singapore')).toBe(at);
    expect(parseBound('', true, 'Asia/Singapore')).toBeNull();
    expect(parseBound('1e3', false, 'UTC')).toBe(1000);
    expect(Number.isNaN(parseBound('12a', false, 'UTC'))).toBe(true);
  });
});

describe('line chart panel', () => {
  it('says "No data to display" when there is nothing to draw, with its toolbar off', () => {
    renderWidget(<LineChartPanel lines={[{ name: 'DSPA', points: [] }]} label="Chart of DSPA" fileName="x" />);
    expect(screen.getByText('No data to display')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset axis' })).toHaveProperty('disabled', true);
  });
});
