import type { TSite } from '@strata/shared';
import { useEffect, useRef } from 'react';
import type { Svy21Extent } from '../state/url-state';
import { geometryExtent } from './geometry';

/** The map goes to the site (fits its outline or alignment) when it is opened, once per site (spec §2.3). */
export function useShowSiteOnMap(site: Pick<TSite, 'site_id' | 'geometry'> | null, onShowOnMap: (extent: Svy21Extent, auto: boolean) => void): void {
  const shown = useRef<number | null>(null);
  const show = useRef(onShowOnMap);
  useEffect(() => {
    show.current = onShowOnMap;
  });
  useEffect(() => {
    if (site?.geometry && shown.current !== site.site_id) {
      shown.current = site.site_id;
      show.current(geometryExtent(site.geometry), true);
    }
  }, [site]);
}
