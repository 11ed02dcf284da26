/**
 * Time on a chart in the configured time zone, whatever the browser's zone (decision 026). ECharts places the ticks of a
 * time axis in the browser's zone, or in UTC with the option `useUTC`; so a time chart is drawn in UTC on the
 * *wall clock* of the configured zone: each instant x is plotted at x + the zone's offset at x, and the ticks ECharts
 * puts at whole UTC days and hours land on whole days and hours of the configured zone. The instant itself travels with
 * each point (`[wall, y, instant]`), so the tooltip and the chart's data summary read the real time.
 */
import { DATE_FORMAT, DEFAULT_TIMEZONE } from '../constants.js';
import { formatDateTime } from '../format.js';
import { zoneOffsetMs } from '../zoned-time.js';

/**
 * The zone's offset from UTC in ms (east positive) at an instant (`zoned-time.ts`, cached per zone and quarter hour:
 * a chart of 50,000 points asks Intl a few hundred times, not 50,000). An unknown zone: the default zone's.
 */
export function chartZoneOffsetMs(tz: string, ms: number): number {
  try {
    return zoneOffsetMs(tz, ms);
  } catch {
    return tz === DEFAULT_TIMEZONE ? 0 : chartZoneOffsetMs(DEFAULT_TIMEZONE, ms);
  }
}

/** Where an instant is plotted: its wall-clock time in the zone, read as UTC. */
export function wallClock(ms: number, tz: string): number {
  return ms + chartZoneOffsetMs(tz, ms);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A tick label of the time axis from its plotted (wall-clock) value: the date (DD/MM/YYYY) at midnight, else the time
 * (HH:mm:ss) — the spec's formats (§5), the same on every axis whatever the zoom.
 */
export function timeTickLabel(wall: number): string {
  const d = new Date(wall);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  if (time !== '00:00:00' || d.getUTCMilliseconds() !== 0) return time;
  return DATE_FORMAT.replace('DD', pad(d.getUTCDate()))
    .replace('MM', pad(d.getUTCMonth() + 1))
    .replace('YYYY', String(d.getUTCFullYear()));
}

/** A point's instant: the third value of `[wall, y, instant]`, else its x. */
export function instantOf(value: unknown): number | null {
  if (!Array.isArray(value)) return null;
  const t = typeof value[2] === 'number' ? value[2] : value[0];
  return typeof t === 'number' && Number.isFinite(t) ? t : null;
}

interface TooltipParam {
  value: unknown;
  marker?: string;
  seriesName?: string;
}

/** Text from data in an ECharts tooltip, which is HTML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The tooltip of a time chart (trigger `axis`): the reading's date and time in the zone (DD/MM/YYYY HH:mm:ss), then
 * each series with its value.
 */
export function timeTooltip(tz: string, formatValue: (value: number) => string) {
  return (params: TooltipParam | TooltipParam[]): string => {
    const list = Array.isArray(params) ? params : [params];
    const at = list.length ? instantOf(list[0]!.value) : null;
    const rows = list.map((p) => {
      const y = Array.isArray(p.value) ? p.value[1] : p.value;
      // As ECharts lays a row out: marker and name, the value in bold on the right.
      const value = typeof y === 'number' ? formatValue(y) : '';
      return `${p.marker ?? ''}<span>${escapeHtml(p.seriesName ?? '')}</span><span style="float:right;margin-left:20px;font-weight:bold">${value}</span>`;
    });
    return [at === null ? '' : `<b data-tooltip-time>${formatDateTime(at, tz)}</b>`, ...rows].filter(Boolean).join('<br/>');
  };
}
