import { SCENARIO_CATEGORY_KINDS, type TSiteAlertList, type TSiteAlertsQuery, type TSiteGeometry } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { scopeOf } from '../contracts/contracts.service.js';
import type { SitesService } from '../sites/sites.service.js';
import { geometryDistance } from '../structures/geometry-distance.js';
import { presentAlert } from './alerts.presenter.js';
import { alertsConcerning, instrumentsInBox, type Box } from './site-alerts.repository.js';

/** Every position of a site's geometry. */
function positionsOf(g: TSiteGeometry): readonly number[][] {
  if (g.type === 'Point') return [g.coordinates];
  if (g.type === 'LineString') return g.coordinates;
  return g.coordinates.flat();
}

/** The geometry's extent widened by `distance` on every side. */
export function boxAround(g: TSiteGeometry, distance: number): Box {
  const ps = positionsOf(g);
  const es = ps.map((p) => p[0]!);
  const ns = ps.map((p) => p[1]!);
  return { minE: Math.min(...es) - distance, maxE: Math.max(...es) + distance, minN: Math.min(...ns) - distance, maxN: Math.max(...ns) + distance };
}

/**
 * /civil/construction-site (issue 19): the scenario-based alerts concerning a construction site. The site is the
 * sites module's (its scope: another contract's site is not found); the instruments near it are those within
 * `distance` metres of its geometry (planar SVY21, the structures' zone-of-influence rule); the alerts are those of
 * the scenario category whose instruments are among them, in the caller's contracts.
 */
export class SiteAlertsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly sites: SitesService,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  /** Instruments of the caller's contracts inside the geometry or within `distance` of it. */
  private async instrumentsNear(actor: Actor, geometry: TSiteGeometry, distance: number): Promise<number[]> {
    const candidates = await instrumentsInBox(this.db, scopeOf(actor), boxAround(geometry, distance));
    return candidates.filter((i) => geometryDistance(geometry, { type: 'Point', coordinates: [i.easting, i.northing] }) <= distance).map((i) => i.instrumentId);
  }

  async list(actor: Actor, siteId: number, q: TSiteAlertsQuery): Promise<TSiteAlertList> {
    const site = await this.sites.get(actor, siteId);
    const ids = site.geometry ? await this.instrumentsNear(actor, site.geometry, q.distance) : [];
    const { records, total } = await alertsConcerning(
      this.db,
      scopeOf(actor),
      ids,
      { kinds: [...SCENARIO_CATEGORY_KINDS], status: q.status === 'all' ? undefined : q.status, keyword: q.keyword || undefined },
      { limit: q.limit, skip: q.skip },
    );
    return {
      records: records.map(presentAlert),
      total_records: total,
      site: {
        site_id: site.site_id,
        site_name: site.site_name,
        contract_id: site.contract_id,
        contract_no: site.contract_no,
        type: site.type,
        has_geometry: site.geometry !== null,
      },
      distance: q.distance,
    };
  }
}
