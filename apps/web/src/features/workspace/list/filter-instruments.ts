import type { TInstrument } from '@strata/shared';
import type { InstrumentFilter, Svy21Extent } from '../state/url-state';

/** An instrument's status level (an alert level code), when known; absent means normal. */
export type LevelLookup = (instrumentId: number) => string | undefined;

const noLevels: LevelLookup = () => undefined;

/** The level filter's value for instruments at no level. */
export const NORMAL_LEVEL = 'normal';

/** True when the instrument passes the filter (each non-empty list must hold its value). */
export function matchesFilter(instrument: TInstrument, filter: InstrumentFilter, levelOf: LevelLookup = noLevels): boolean {
  if (filter.type.length > 0 && !filter.type.includes(instrument.type_code)) return false;
  if (filter.zone.length > 0 && (instrument.zone_id === null || !filter.zone.includes(instrument.zone_id))) return false;
  if (filter.frequency.length > 0 && (instrument.frequency === null || !filter.frequency.includes(instrument.frequency))) return false;
  if (filter.status.length > 0 && !filter.status.includes(instrument.status)) return false;
  if (filter.level.length > 0 && !filter.level.includes(levelOf(instrument.instrument_id) ?? NORMAL_LEVEL)) return false;
  return true;
}

/** The keyword rule of `GET /instruments`: part of the name or of the LTA code, any case. */
export function matchesKeyword(instrument: TInstrument, keyword: string): boolean {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return true;
  return instrument.name.toLowerCase().includes(kw) || (instrument.lta_code ?? '').toLowerCase().includes(kw);
}

export function insideExtent(instrument: Pick<TInstrument, 'easting' | 'northing'>, extent: Svy21Extent | null): boolean {
  if (!extent) return true;
  return instrument.easting >= extent[0] && instrument.easting <= extent[2] && instrument.northing >= extent[1] && instrument.northing <= extent[3];
}

/** What the map shows (and Capture Map draws): the instruments that pass the keyword and the filter, as the list does. */
export function mapInstruments(
  all: readonly TInstrument[],
  criteria: Pick<ListCriteria, 'keyword' | 'filter'>,
  levelOf: LevelLookup = noLevels,
): TInstrument[] {
  return all.filter((i) => matchesFilter(i, criteria.filter, levelOf) && matchesKeyword(i, criteria.keyword));
}

export interface ListCriteria {
  keyword: string;
  filter: InstrumentFilter;
  /** `map-bounds-selected` when set, else `map-bounds`. */
  extent: Svy21Extent | null;
}

/** What the instrument list shows, in the API's order (contract, then name). */
export function listInstruments(all: readonly TInstrument[], criteria: ListCriteria, levelOf: LevelLookup = noLevels): TInstrument[] {
  return all
    .filter((i) => matchesFilter(i, criteria.filter, levelOf) && matchesKeyword(i, criteria.keyword) && insideExtent(i, criteria.extent))
    .sort(
      (a, b) =>
        a.contract_no.localeCompare(b.contract_no) ||
        a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' }) ||
        a.instrument_id - b.instrument_id,
    );
}

/** The SVY21 extent of some instruments, or null when there are none. */
export function extentOf(instruments: readonly Pick<TInstrument, 'easting' | 'northing'>[]): Svy21Extent | null {
  if (instruments.length === 0) return null;
  let minE = Infinity;
  let minN = Infinity;
  let maxE = -Infinity;
  let maxN = -Infinity;
  for (const i of instruments) {
    minE = Math.min(minE, i.easting);
    minN = Math.min(minN, i.northing);
    maxE = Math.max(maxE, i.easting);
    maxN = Math.max(maxN, i.northing);
  }
  return [minE, minN, maxE, maxN];
}
