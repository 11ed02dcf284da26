import type { TCivilSite, TContract, TInstrument, TZoneRecord } from '@strata/shared';
import { useMemo } from 'react';
import type { GazetteerEntry } from '../location/parse-location';

export interface GazetteerInput {
  contracts: readonly TContract[];
  contractIds: readonly number[];
  sites: readonly TCivilSite[] | undefined;
  zones: readonly TZoneRecord[] | undefined;
  instruments: readonly TInstrument[] | undefined;
}

/** What the location search finds by name: the chosen contracts, their construction sites, zones and instruments. */
export function useGazetteer({ contracts, contractIds, sites, zones, instruments }: GazetteerInput): GazetteerEntry[] {
  return useMemo((): GazetteerEntry[] => {
    const contractNo = new Map(contracts.map((c) => [c.contract_id, c.no]));
    return [
      ...contracts
        .filter((c) => contractIds.includes(c.contract_id))
        .map((c) => ({
          kind: 'contract' as const,
          id: c.contract_id,
          name: c.no,
          detail: c.title,
          aliases: [c.title],
          easting: c.easting,
          northing: c.northing,
        })),
      ...(sites ?? []).map((site) => ({ kind: 'site' as const, id: site.site_id, name: site.site_name, detail: site.contract_no })),
      ...(zones ?? []).map((z) => ({ kind: 'zone' as const, id: z.zone_id, name: z.name, detail: contractNo.get(z.contract_id) ?? '' })),
      ...(instruments ?? []).map((i) => ({
        kind: 'instrument' as const,
        id: i.instrument_id,
        name: i.name,
        detail: `${i.type_name} · ${i.contract_no}`,
        aliases: i.lta_code ? [i.lta_code] : [],
        easting: i.easting,
        northing: i.northing,
      })),
    ];
  }, [contracts, contractIds, sites, zones, instruments]);
}
