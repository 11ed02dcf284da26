import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { summariseChartData } from './chart-data';
import { CHART, fitToBox } from '@strata/shared';
import { echarts, type ECharts, type EChartsCoreOption } from './echarts-core';

/** True where ECharts can draw (a canvas with a 2D context; not jsdom). */
export function canDrawCharts(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

export interface EChartProps {
  option: EChartsCoreOption;
  /** Nothing to draw: the box says "No data to display" (spec §8) instead. */
  empty?: boolean;
  /** Pixels; default 150 (spec §9). */
  height?: number | string | { xs?: number | string; sm?: number | string; md?: number | string };
  /** The chart's accessible name. */
  label: string;
  /** What the chart shows, in words (its accessible description): for a person who cannot see the canvas. */
  description?: string;
  /** The ECharts instance, once made (for exports and axis resets); null when it goes. */
  onInstance?: (chart: ECharts | null) => void;
  sx?: SxProps<Theme>;
}

/**
 * One ECharts chart (canvas) that follows its box's size — resizes are debounced by 500 ms (spec §9) — and shows
 * "No data to display" when `empty`. The option replaces the previous one on each change. The chart's element
 * (role img) says what it plots, from the option: `data-points` (points across its series), `data-first-x` and
 * `data-last-x` (the smallest and largest x: ISO instants on a time axis, numbers otherwise).
 */
export function EChart({ option, empty = false, height = CHART.defaultHeight, label, description, onInstance, sx }: EChartProps) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts | null>(null);
  const drawable = useRef(canDrawCharts());
  const latestOnInstance = useRef(onInstance);
  const data = useMemo(() => summariseChartData(option), [option]);
  const latestOption = useRef(option);
  useEffect(() => {
    latestOnInstance.current = onInstance;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element || !drawable.current) return;
    const instance = echarts.init(element, undefined, { renderer: 'canvas' });
    setChart(instance);
    latestOnInstance.current?.(instance);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            clearTimeout(timer);
            timer = setTimeout(() => {
              if (instance.isDisposed()) return;
              instance.resize();
              // The title and the margin labels only (a merge): the zoom stays.
              const fitted = fitToBox(latestOption.current, instance.getWidth(), instance.getHeight());
              const series = Array.isArray(fitted.series)
                ? (fitted.series as { markLine?: unknown }[]).map((s) => (s.markLine ? { markLine: s.markLine } : {}))
                : undefined;
              instance.setOption({ ...(fitted.title ? { title: fitted.title } : {}), ...(series ? { series } : {}) });
            }, CHART.resizeDebounceMs);
          });
    observer?.observe(element);
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
      latestOnInstance.current?.(null);
      instance.dispose();
      setChart(null);
    };
  }, []);

  useEffect(() => {
    latestOption.current = option;
    if (chart && !chart.isDisposed()) chart.setOption(fitToBox(option, chart.getWidth(), chart.getHeight()), { notMerge: true });
  }, [chart, option]);

  return (
    <Box sx={{ position: 'relative', width: '100%', height, ...sx }}>
      <Box
        ref={ref}
        role="img"
        aria-label={label}
        aria-describedby={description ? descriptionId : undefined}
        data-empty={empty || undefined}
        data-points={data.points}
        data-first-x={data.firstX ?? undefined}
        data-last-x={data.lastX ?? undefined}
        sx={{ position: 'absolute', inset: 0, visibility: empty ? 'hidden' : 'visible' }}
      />
      {description && (
        <span id={descriptionId} hidden>
          {description}
        </span>
      )}
      {empty && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <Typography color="text.secondary">{t('messages.noData')}</Typography>
        </Box>
      )}
    </Box>
  );
}
