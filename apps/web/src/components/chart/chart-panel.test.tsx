import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { AUTO_AXIS, DEFAULT_DISPLAY } from '@strata/shared';
import { ChartPanel, type ChartView } from './chart-panel';

/** An x/y option like an inclinometer profile's: displacement on x, depth on a reversed y axis. */
function xyOption({ display, axis }: ChartView) {
  return {
    xAxis: { type: 'value', min: axis.xMin ?? -2, max: axis.xMax ?? 2, splitLine: { show: display.grid } },
    yAxis: { type: 'value', inverse: true, min: axis.yMin ?? 0, max: axis.yMax ?? undefined },
    series: [
      {
        type: 'line',
        data: [
          [0.5, 2],
          [1.25, 4],
        ],
      },
      {
        type: 'line',
        data: [
          [-0.75, 2],
          [0.1, 4],
          [0.2, 6],
        ],
      },
    ],
  };
}

function renderPanel(empty = false) {
  const buildOption = vi.fn(xyOption);
  const view = renderWidget(<ChartPanel buildOption={buildOption} empty={empty} xType="value" label="Profile of A" fileName="IN-01-profile-A" />);
  return { ...view, buildOption };
}

describe('chart panel on numeric axes (an inclinometer profile)', { timeout: 20_000 }, () => {
  it('offers the whole toolbar, with plain number fields for X as for Y', async () => {
    const { user } = renderPanel();
    expect(screen.getByRole('button', { name: 'Reset axis' })).toHaveProperty('disabled', false);
    for (const name of ['Xmin', 'Xmax', 'Ymin', 'Ymax']) expect(screen.getByLabelText(name)).toHaveProperty('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Chart options' }));
    expect(screen.getAllByRole('menuitemcheckbox').map((item) => item.textContent)).toEqual(['Labels', 'Subtitle', 'Legends', 'Grid', 'All levels']);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Export PNG', 'Export JPG', 'Export PDF', 'Export SVG']);
  });

  it('draws the chart again with the displacement and depth bounds typed, the grid switched off, and back on reset', async () => {
    const { user, buildOption } = renderPanel();
    expect(buildOption).toHaveBeenLastCalledWith({ display: DEFAULT_DISPLAY, axis: AUTO_AXIS });
    await user.type(screen.getByLabelText('Xmin'), '-3.5{Enter}');
    await user.type(screen.getByLabelText('Ymax'), '12{Enter}');
    expect(buildOption).toHaveBeenLastCalledWith({ display: DEFAULT_DISPLAY, axis: { ...AUTO_AXIS, xMin: -3.5, yMax: 12 } });
    await user.type(screen.getByLabelText('Xmax'), '2e{Enter}');
    expect(await screen.findByText('Enter a number')).toBeInTheDocument();
    expect(buildOption).toHaveBeenLastCalledWith({ display: DEFAULT_DISPLAY, axis: { ...AUTO_AXIS, xMin: -3.5, yMax: 12 } });
    await user.click(screen.getByRole('button', { name: 'Chart options' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Grid' }));
    expect(buildOption).toHaveBeenLastCalledWith({ display: { ...DEFAULT_DISPLAY, grid: false }, axis: { ...AUTO_AXIS, xMin: -3.5, yMax: 12 } });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Reset axis' }));
    expect(buildOption).toHaveBeenLastCalledWith({ display: { ...DEFAULT_DISPLAY, grid: false }, axis: AUTO_AXIS });
    expect(screen.getByLabelText('Xmin')).toHaveProperty('value', '');
  });

  it('says on the chart what it plots: the points of its series and the smallest and largest x', () => {
    renderPanel();
    const chart = screen.getByRole('img', { name: 'Profile of A' });
    expect(chart.dataset).toMatchObject({ points: '5', firstX: '-0.75', lastX: '1.25' });
  });

  it('turns the toolbar off when there is nothing to draw', () => {
    renderPanel(true);
    expect(screen.getByText('No data to display')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chart options' })).toHaveProperty('disabled', true);
  });
});
