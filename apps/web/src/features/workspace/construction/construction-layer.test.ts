import type LineString from 'ol/geom/LineString';
import type Polygon from 'ol/geom/Polygon';
import { describe, expect, it } from 'vitest';
import { viewToSvy21 } from '../../../components/map';
import { siteFeatures } from './construction-layer';
import { listSites } from './construction-list-panel';
import { progressItem, tunnelSite } from './test-data';

const round = (c: number[]) => viewToSvy21(c).map((v) => Math.round(v));

describe('construction sites on the map', () => {
  it('draws an excavation as its outline and a mined tunnel as its alignment where they lie, leaving out sites without a shape', () => {
    const features = siteFeatures([
      progressItem(),
      progressItem({ site_id: 52, site_name: 'Adit A', type: 'MT', geometry: tunnelSite().geometry }),
      progressItem({ site_id: 43, geometry: null }),
    ]);
    expect(features.map((f) => [f.getId(), f.getGeometry()!.getType()])).toEqual([
      [41, 'Polygon'],
      [52, 'LineString'],
    ]);
    expect((features[0]!.getGeometry() as Polygon).getCoordinates()[0]!.map(round)[2]).toEqual([30100, 28060]);
    expect((features[1]!.getGeometry() as LineString).getCoordinates().map(round)).toEqual([
      [20000, 30000],
      [20100, 30000],
      [20100, 30050],
    ]);
    expect(features[1]!.get('site')).toMatchObject({ site_id: 52, type: 'MT' });
  });

  it('lists only the sites meeting the map area when one is kept', () => {
    const sites = [progressItem(), progressItem({ site_id: 52, geometry: tunnelSite().geometry }), progressItem({ site_id: 43, geometry: null })];
    expect(listSites(sites, null).map((s) => s.site_id)).toEqual([41, 52, 43]);
    expect(listSites(sites, [29000, 27000, 31000, 29000]).map((s) => s.site_id)).toEqual([41]);
  });
});
