import type { TInstrument } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { siteOptions } from '../api/sites';
import { zoneOptions } from '../api/zones';
import { extentOf } from '../list/filter-instruments';
import type { GazetteerEntry } from '../location/parse-location';
import type { FitRequest } from '../map/view-sync';

export interface GoToEntryInput {
  /** The chosen contracts' instruments query (a zone without a polygon, or a contract, is shown by its instruments). */
  instruments: { data?: readonly TInstrument[] };
  setMarker: (marker: [number, number] | null) => void;
  centre: (easting: number, northing: number) => void;
  setFit: (fit: FitRequest) => void;
}

/**
 * The location search's choice of a named place, shown on the map: an instrument or a point site is centred with a
 * marker, a zone, polygon site or contract is fitted; a place with no position says so in a toast.
 */
export function useGoToEntry({ instruments, setMarker, centre, setFit }: GoToEntryInput): (entry: GazetteerEntry) => Promise<void> {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();

  const goToEntry = useCallback(
    async (entry: GazetteerEntry) => {
      const all = instruments.data ?? [];
      if (entry.kind === 'instrument' && entry.easting != null && entry.northing != null) {
        setMarker([entry.easting, entry.northing]);
        centre(entry.easting, entry.northing);
        return;
      }
      setMarker(null);
      let extent: readonly number[] | null = null;
      if (entry.kind === 'zone') {
        try {
          const zone = await queryClient.fetchQuery(zoneOptions(entry.id));
          const ring = zone.polygon?.coordinates[0];
          if (ring?.length) extent = extentOf(ring.map(([easting, northing]) => ({ easting: easting!, northing: northing! })));
        } catch {
          // no polygon to show: the zone's instruments below
        }
        extent ??= extentOf(all.filter((i) => i.zone_id === entry.id));
      } else if (entry.kind === 'site') {
        try {
          const geometry = (await queryClient.fetchQuery(siteOptions(entry.id))).geometry;
          if (geometry?.type === 'Point') {
            const [easting, northing] = geometry.coordinates;
            setMarker([easting!, northing!]);
            centre(easting!, northing!);
            return;
          }
          const positions = geometry?.type === 'Polygon' ? geometry.coordinates[0] : geometry?.coordinates;
          if (positions?.length) extent = extentOf(positions.map(([easting, northing]) => ({ easting: easting!, northing: northing! })));
        } catch {
          // no geometry to show: the toast below
        }
      } else if (entry.kind === 'contract') {
        extent = extentOf(all.filter((i) => i.contract_id === entry.id));
        if (!extent && entry.easting != null && entry.northing != null) extent = [entry.easting, entry.northing, entry.easting, entry.northing];
      }
      if (extent) setFit({ extent, nonce: Date.now() });
      else toast({ message: t('workspace.location.noPosition', { name: entry.name }), color: 'warning' });
    },
    [instruments.data, queryClient, centre, toast, t, setMarker, setFit],
  );
  return goToEntry;
}
