import {
  API_BASE,
  isPlaceableDrawing,
  MESSAGES,
  ZSiteDrawingPlacement,
  type PermissionCode,
  type SiteType,
  type TCivilSiteList,
  type TCivilSitesQuery,
  type TCreateSiteRequest,
  type TListSitesQuery,
  type TSite,
  type TSiteActivityRequest,
  type TDrawingExtent,
  type TSiteDrawing,
  type TSiteDrawingList,
  type TSiteDrawingPlacement,
  type TSiteGeometry,
  type TSiteList,
  type TSiteStage,
  type TSiteUploadsQuery,
  type TUpdateSiteDrawingRequest,
  type TUpdateSiteRequest,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, forbidden, invalidFields, notFound } from '../../lib/errors.js';
import { CONTENT_TYPES, cleanFileName, detectFileKind, EXTENSIONS } from '../../lib/file-signature.js';
import { dateRange, iso } from '../../lib/filters.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { randomKey, type Storage } from '../../platform/storage.js';
import { requireVisibleContract } from '../contracts/contract-access.js';
import { scopeOf } from '../contracts/contracts.service.js';
import {
  civilSites,
  deleteDrawing,
  deleteSite,
  findDrawing,
  findSite,
  insertDrawing,
  insertSite,
  listDrawings,
  listSites,
  siteNameTaken,
  updateDrawing,
  updateSite,
  type SiteRow,
} from './sites.repository.js';

const SITE_NOT_FOUND = 'Construction site not found';
const DRAWING_NOT_FOUND = 'Drawing not found';
const NAME_TAKEN = 'This contract already has a site with this name';
/** The most drawings `GET /civil/sites/{id}/drawings` answers with (a drive has a drawing a week or so). */
const SITE_DRAWINGS_LIMIT = 1000;

/** Who may change a site's activity fields (stages, design values) and its drawings, by site type. */
const ACTIVITY_TASKS: Record<SiteType, PermissionCode[]> = {
  E: ['ManageConstructionSites', 'ManageExcavationActivities'],
  MT: ['ManageConstructionSites', 'ManageMinedTunnelActivities'],
};

type SiteView = { site: SiteRow; contractNo: string; drawingCount: number };

function presentSite(v: SiteView): TSite {
  const s = v.site;
  return {
    site_id: s.siteId,
    site_name: s.siteName,
    contract_id: s.contractId,
    contract_no: v.contractNo,
    type: s.type,
    description: s.description,
    geometry: (s.geometry as TSiteGeometry | null) ?? null,
    stages: (s.stages as TSiteStage[]) ?? [],
    design_values: (s.designValues as Record<string, number | string>) ?? {},
    chainage_start: s.chainageStart ?? null,
    drawing_count: Number(v.drawingCount),
    created: iso(s.createdAt),
    updated: iso(s.updatedAt),
  };
}

type DrawingView = NonNullable<Awaited<ReturnType<typeof findDrawing>>>;

type DrawingRow = DrawingView['drawing'];

/** A drawing's place as stored (four columns, all or none) in the API's form. */
function extentOf(d: DrawingRow): TDrawingExtent | null {
  const { extentMinE: minE, extentMinN: minN, extentMaxE: maxE, extentMaxN: maxN } = d;
  return minE === null || minN === null || maxE === null || maxN === null ? null : [minE, minN, maxE, maxN];
}

/** The columns of a place (null: not placed). */
function extentColumns(extent: TDrawingExtent | null) {
  return { extentMinE: extent?.[0] ?? null, extentMinN: extent?.[1] ?? null, extentMaxE: extent?.[2] ?? null, extentMaxN: extent?.[3] ?? null };
}

/**
 * The date and place of an upload, from its form fields: `drawing_date` (YYYY-MM-DD) and `extent` (a JSON array of
 * four numbers); either may be left out or empty. A field that does not parse is a 400 with its message.
 */
function placementFields(fields: Record<string, string>): TSiteDrawingPlacement {
  const text = (name: string) => fields[name]?.trim() || null;
  const extentText = text('extent');
  let extent: unknown = null;
  if (extentText !== null) {
    try {
      extent = JSON.parse(extentText);
    } catch {
      extent = extentText; // not JSON: refused below as not four numbers
    }
  }
  const parsed = ZSiteDrawingPlacement.safeParse({ drawing_date: text('drawing_date'), extent });
  if (!parsed.success) throw invalidFields(parsed.error.issues);
  return parsed.data;
}

/** A place is for PNG and JPEG drawings only, and a placed drawing needs its date (the map picks drawings by date). */
function checkPlacement(contentType: string, p: TSiteDrawingPlacement): void {
  if (p.extent && !isPlaceableDrawing(contentType)) throw badRequest({ extent: MESSAGES.drawingNotPlaceable });
  if (p.extent && !p.drawing_date) throw badRequest({ drawing_date: MESSAGES.drawingDateRequired });
}

function presentDrawing(d: DrawingView): TSiteDrawing {
  return {
    drawing_id: d.drawing.drawingId,
    site_id: d.drawing.siteId,
    site_name: d.siteName,
    contract_id: d.contractId,
    contract_no: d.contractNo,
    file_name: d.drawing.fileName,
    content_type: d.drawing.contentType,
    size: d.drawing.size,
    uploaded_by: d.uploadedBy,
    uploaded_at: iso(d.drawing.uploadedAt),
    url: `${API_BASE}/site-drawings/${d.drawing.drawingId}/download`,
    drawing_date: d.drawing.drawingDate,
    extent: extentOf(d.drawing),
  };
}

const auditFields = (s: Partial<SiteRow>) => ({
  site_name: s.siteName,
  contract_id: s.contractId,
  type: s.type,
  description: s.description,
  geometry: s.geometry,
});

/**
 * Construction sites: excavation sites (E) and mined tunnels (MT) of a contract, their stages, design values and
 * drawings. Listed for every signed-in user within their contracts (`GET /civil/sites`); managed with
 * ManageConstructionSites; the activity fields and drawings also with ManageExcavationActivities (E) or
 * ManageMinedTunnelActivities (MT).
 */
export class SitesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly storage: Storage,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  private async load(actor: Actor, id: number): Promise<SiteView> {
    const row = await findSite(this.db, scopeOf(actor), id);
    if (!row) throw notFound(SITE_NOT_FOUND);
    return row;
  }

  private requireActivityTask(actor: Actor, type: SiteType): void {
    if (!ACTIVITY_TASKS[type].some((p) => actor.permissions.has(p))) throw forbidden();
  }

  async civil(actor: Actor, q: TCivilSitesQuery): Promise<TCivilSiteList> {
    const { records, total } = await civilSites(this.db, scopeOf(actor), { contractIds: q.contracts, type: q.type, limit: q.limit, skip: q.skip });
    return {
      records: records.map((r) => ({ site_id: r.siteId, site_name: r.siteName, contract_id: r.contractId, contract_no: r.contractNo, type: r.type })),
      total_records: total,
    };
  }

  async list(actor: Actor, q: TListSitesQuery): Promise<TSiteList> {
    const { records, total } = await listSites(this.db, scopeOf(actor), {
      keyword: q.keyword || undefined,
      type: q.type,
      contractId: q.contract_id,
      limit: q.limit,
      skip: q.skip,
    });
    return { records: records.map(presentSite), total_records: total };
  }

  async get(actor: Actor, id: number): Promise<TSite> {
    return presentSite(await this.load(actor, id));
  }

  async create(actor: Actor, body: TCreateSiteRequest): Promise<TSite> {
    await requireVisibleContract(this.db, actor, body.contract_id);
    if (await siteNameTaken(this.db, body.contract_id, body.site_name)) throw badRequest({ site_name: NAME_TAKEN });
    const now = this.ctx.now();
    const values = {
      siteName: body.site_name,
      contractId: body.contract_id,
      type: body.type,
      description: body.description,
      geometry: body.geometry,
      stages: body.stages,
      designValues: body.design_values,
      createdAt: now,
      updatedAt: now,
    };
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const s = await insertSite(tx, values);
        await writeAudit(tx, actor, {
          action: 'site.create',
          entityType: 'site',
          entityId: s.siteId,
          after: { ...auditFields(values), stages: body.stages, design_values: body.design_values },
        });
        return s.siteId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest({ site_name: NAME_TAKEN });
      throw err;
    }
    return this.get(actor, id);
  }

  async update(actor: Actor, id: number, body: TUpdateSiteRequest): Promise<TSite> {
    const s = (await this.load(actor, id)).site;
    if (body.contract_id !== undefined && body.contract_id !== s.contractId) await requireVisibleContract(this.db, actor, body.contract_id);
    const next = {
      siteName: body.site_name ?? s.siteName,
      contractId: body.contract_id ?? s.contractId,
      description: body.description ?? s.description,
      geometry: body.geometry === undefined ? s.geometry : body.geometry,
    };
    if ((body.site_name !== undefined || body.contract_id !== undefined) && (await siteNameTaken(this.db, next.contractId, next.siteName, id)))
      throw badRequest({ site_name: NAME_TAKEN });
    const diff = changedFields(auditFields(s), auditFields(next));
    if (Object.keys(diff.after).length > 0) {
      try {
        await this.db.transaction(async (tx) => {
          await updateSite(tx, id, { ...next, updatedAt: this.ctx.now() });
          await writeAudit(tx, actor, { action: 'site.update', entityType: 'site', entityId: id, ...diff });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest({ site_name: NAME_TAKEN });
        throw err;
      }
    }
    return this.get(actor, id);
  }

  /** The excavation- or tunnel-specific fields: stages, design values and (mined tunnels) the chainage at the start. */
  async setActivity(actor: Actor, id: number, body: TSiteActivityRequest): Promise<TSite> {
    const s = (await this.load(actor, id)).site;
    this.requireActivityTask(actor, s.type);
    if (body.chainage_start != null && s.type !== 'MT') throw badRequest({ chainage_start: 'Only a mined tunnel has a chainage' });
    const next = {
      stages: body.stages ?? s.stages,
      designValues: body.design_values ?? s.designValues,
      chainageStart: body.chainage_start === undefined ? s.chainageStart : body.chainage_start,
    };
    const diff = changedFields(
      { stages: s.stages, design_values: s.designValues, chainage_start: s.chainageStart },
      { stages: next.stages, design_values: next.designValues, chainage_start: next.chainageStart },
    );
    if (Object.keys(diff.after).length > 0) {
      await this.db.transaction(async (tx) => {
        await updateSite(tx, id, { ...next, updatedAt: this.ctx.now() });
        await writeAudit(tx, actor, { action: 'site.activity', entityType: 'site', entityId: id, ...diff });
      });
    }
    return this.get(actor, id);
  }

  /** Deletes a site with its drawings (files removed after commit). */
  async remove(actor: Actor, id: number): Promise<{ ok: true }> {
    const v = await this.load(actor, id);
    const keys = await this.db.transaction(async (tx) => {
      const removed = await deleteSite(tx, id);
      await writeAudit(tx, actor, {
        action: 'site.delete',
        entityType: 'site',
        entityId: id,
        before: { ...auditFields(v.site), stages: v.site.stages, design_values: v.site.designValues, drawings: removed.length },
      });
      return removed;
    });
    for (const key of keys) await this.storage.remove(key).catch((err: unknown) => this.ctx.log.warn({ err, key }, 'drawing file not removed'));
    return { ok: true };
  }

  // ---- drawings ----
  /** The upload type whose size limit applies to a site's drawings (checked before the file is read). */
  async drawingUploadType(actor: Actor, siteId: number): Promise<'excavation' | 'tunnel'> {
    const s = (await this.load(actor, siteId)).site;
    this.requireActivityTask(actor, s.type);
    return s.type === 'E' ? 'excavation' : 'tunnel';
  }

  /**
   * Stores a drawing with its progress date and (PNG, JPEG) its place on the map, from the form's fields; a field
   * refused is a 400 and nothing is stored.
   */
  async uploadDrawing(actor: Actor, siteId: number, file: { fileName: string; data: Buffer; fields?: Record<string, string> }): Promise<TSiteDrawing> {
    const s = (await this.load(actor, siteId)).site;
    this.requireActivityTask(actor, s.type);
    const kind = detectFileKind(file.data, ['pdf', 'png', 'jpeg', 'dxf']);
    if (!kind) throw badRequest({ files: 'A drawing must be a PDF, PNG, JPEG or DXF file' });
    const placement = placementFields(file.fields ?? {});
    checkPlacement(CONTENT_TYPES[kind], placement);
    const key = randomKey('site-drawings', EXTENSIONS[kind]);
    const fileName = cleanFileName(file.fileName, `drawing.${EXTENSIONS[kind]}`);
    await this.storage.write(key, file.data);
    let drawingId: number;
    try {
      drawingId = await this.db.transaction(async (tx) => {
        const d = await insertDrawing(tx, {
          siteId,
          fileName,
          storageKey: key,
          contentType: CONTENT_TYPES[kind],
          size: file.data.length,
          uploadedBy: actor.userId,
          uploadedAt: this.ctx.now(),
          drawingDate: placement.drawing_date,
          ...extentColumns(placement.extent),
        });
        await writeAudit(tx, actor, {
          action: 'site.drawing.upload',
          entityType: 'site',
          entityId: siteId,
          after: {
            drawing_id: d.drawingId,
            file_name: fileName,
            size: d.size,
            content_type: d.contentType,
            drawing_date: placement.drawing_date,
            extent: placement.extent,
          },
        });
        return d.drawingId;
      });
    } catch (err) {
      await this.storage.remove(key).catch(() => undefined);
      throw err;
    }
    const d = await findDrawing(this.db, scopeOf(actor), drawingId);
    if (!d) throw notFound(DRAWING_NOT_FOUND);
    return presentDrawing(d);
  }

  /**
   * Changes a drawing's progress date and place (a field left out keeps its value, null clears it); the same tasks
   * as the upload, within the caller's contracts (another contract's drawing is a 404). Audited when anything moved.
   */
  async updateDrawing(actor: Actor, id: number, body: TUpdateSiteDrawingRequest): Promise<TSiteDrawing> {
    const d = await findDrawing(this.db, scopeOf(actor), id);
    if (!d) throw notFound(DRAWING_NOT_FOUND);
    this.requireActivityTask(actor, d.siteType);
    const before: TSiteDrawingPlacement = { drawing_date: d.drawing.drawingDate, extent: extentOf(d.drawing) };
    const next: TSiteDrawingPlacement = {
      drawing_date: body.drawing_date === undefined ? before.drawing_date : body.drawing_date,
      extent: body.extent === undefined ? before.extent : body.extent,
    };
    checkPlacement(d.drawing.contentType, next);
    const diff = changedFields(before, next);
    if (Object.keys(diff.after).length > 0) {
      await this.db.transaction(async (tx) => {
        await updateDrawing(tx, id, { drawingDate: next.drawing_date, ...extentColumns(next.extent) });
        await writeAudit(tx, actor, {
          action: 'site.drawing.update',
          entityType: 'site',
          entityId: d.drawing.siteId,
          before: { drawing_id: id, file_name: d.drawing.fileName, ...diff.before },
          after: { drawing_id: id, file_name: d.drawing.fileName, ...diff.after },
        });
      });
    }
    const updated = await findDrawing(this.db, scopeOf(actor), id);
    if (!updated) throw notFound(DRAWING_NOT_FOUND);
    return presentDrawing(updated);
  }

  /**
   * A site's drawings for the work space (every signed-in user who sees the site): newest progress date first,
   * undated drawings last; a site outside the caller's contracts is a 404.
   */
  async siteDrawings(actor: Actor, siteId: number): Promise<TSiteDrawingList> {
    await this.load(actor, siteId);
    const { records, total } = await listDrawings(this.db, scopeOf(actor), { siteId, limit: SITE_DRAWINGS_LIMIT, skip: 0, order: 'date' });
    return { records: records.map(presentDrawing), total_records: total };
  }

  async uploads(actor: Actor, q: TSiteUploadsQuery): Promise<TSiteDrawingList> {
    const range = dateRange(q.from, q.to);
    const { records, total } = await listDrawings(this.db, scopeOf(actor), {
      limit: q.limit,
      skip: q.skip,
      siteId: q.site_id,
      contractId: q.contract_id,
      type: q.type,
      keyword: q.keyword || undefined,
      from: range.from,
      to: range.to,
      toInclusive: range.toInclusive,
    });
    return { records: records.map(presentDrawing), total_records: total };
  }

  async drawingFile(actor: Actor, id: number): Promise<{ fileName: string; contentType: string; data: Buffer }> {
    const d = await findDrawing(this.db, scopeOf(actor), id);
    if (!d) throw notFound(DRAWING_NOT_FOUND);
    const data = await this.storage.read(d.drawing.storageKey);
    if (!data) throw notFound(DRAWING_NOT_FOUND);
    return { fileName: d.drawing.fileName, contentType: d.drawing.contentType, data };
  }

  async deleteDrawing(actor: Actor, id: number): Promise<{ ok: true }> {
    const d = await findDrawing(this.db, scopeOf(actor), id);
    if (!d) throw notFound(DRAWING_NOT_FOUND);
    this.requireActivityTask(actor, d.siteType);
    await this.db.transaction(async (tx) => {
      await deleteDrawing(tx, id);
      await writeAudit(tx, actor, {
        action: 'site.drawing.delete',
        entityType: 'site',
        entityId: d.drawing.siteId,
        before: { drawing_id: id, file_name: d.drawing.fileName, size: d.drawing.size },
      });
    });
    await this.storage.remove(d.drawing.storageKey).catch((err: unknown) => this.ctx.log.warn({ err }, 'drawing file not removed'));
    return { ok: true };
  }
}
