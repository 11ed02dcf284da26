import { NO_VALUE } from '@strata/shared';
import type { PaginatedListItem } from '../../../components/paginated-list';

/** Sample data for the widget gallery: made up, deterministic, shaped like the platform's. */
export const SAMPLE_LIST_TOTAL = 50;

const TYPES = ['Settlement Marker', 'Inclinometer', 'Piezometer', 'Strain Gauge', 'Tiltmeter'] as const;
const PREFIX = { 'Settlement Marker': 'SM', Inclinometer: 'IN', Piezometer: 'PZ', 'Strain Gauge': 'SG', Tiltmeter: 'TM' } as const;
const PEOPLE = ['Tan Ah Kow', 'Siti Nurhaliza', 'Rajesh Kumar', 'Li Wei', 'Chen Mei Ling', '陈大文', 'Ong Boon Hock Lim'];

export interface SampleReading {
  id: number;
  instrument: string;
  type: string;
  reading: number;
  /** Level: -2147483648 means "no value" and shows empty. */
  level: number;
  taken_at: string;
}

const BASE = Date.UTC(2026, 0, 5, 1, 30, 0);

export const SAMPLE_READINGS: readonly SampleReading[] = Array.from({ length: 50 }, (_, i) => {
  const type = TYPES[i % TYPES.length]!;
  return {
    id: i + 1,
    instrument: `${PREFIX[type]}-${String(101 + i).padStart(4, '0')}`,
    type,
    reading: Math.round(Math.sin(i * 1.7) * 25_000) / 1000,
    level: i % 7 === 3 ? NO_VALUE : Math.round((102.5 - i * 0.137) * 10_000) / 10_000,
    taken_at: new Date(BASE + i * 3_600_000 * 7).toISOString(),
  };
});

export interface SampleListItem extends PaginatedListItem {
  type: string;
}

/** The sample list (spec §9 "Sample list total: 50"): the items of one page, as a server would answer. */
export function sampleListPage(page: number, pageSize: number, removed: ReadonlySet<number | string>) {
  const all: SampleListItem[] = Array.from({ length: SAMPLE_LIST_TOTAL }, (_, i) => ({
    id: i + 1,
    title: PEOPLE[i % PEOPLE.length]!,
    subtitle: `${TYPES[i % TYPES.length]} ${PREFIX[TYPES[i % TYPES.length]!]}-${String(101 + i).padStart(4, '0')}`,
    avatar: null,
    type: TYPES[i % TYPES.length]!,
  })).filter((item) => !removed.has(item.id));
  const start = (page - 1) * pageSize;
  return { total: all.length, items: all.slice(start, start + pageSize) };
}

export const SAMPLE_PEOPLE = PEOPLE;

export const SAMPLE_LONG_TEXT =
  'Settlement marker SM-0104 recorded a cumulative settlement of 18.6 mm after the tunnel boring machine passed ' +
  'chainage 12+340. The reading is within the alert level (20 mm) but above the review level (15 mm); the ' +
  'contractor has increased the monitoring frequency to twice daily and will report the trend at the next ' +
  'weekly meeting. Grouting pressure at ring 812 was <0.5 bar below the design value ±20 mm tolerance applies.';
