import {
  geometryToWgs84,
  STRUCTURE_TREND_DAYS,
  type TCreateStructureRequest,
  type TListStructuresQuery,
  type TStructure,
  type TStructureContact,
  type TStructureInstruments,
  type TStructureKind,
  type TStructureList,
  type TStructureMonitoring,
  type TStructureOutline,
  type TUpdateStructureRequest,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/filters.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { requireVisibleContract } from '../contracts/contract-access.js';
import { scopeOf } from '../contracts/contracts.service.js';
import { instrumentStatuses, latestAtOrBefore, latestOf } from '../readings/readings-store.service.js';
import { geometryDistance, type Geometry } from './geometry-distance.js';
import {
  deleteStructure,
  findStructure,
  insertStructure,
  instrumentsOfContract,
  linkedInstruments,
  listStructures,
  openAlertsOf,
  openCasesOf,
  replaceLinks,
  sitesWithGeometry,
  structureNameTaken,
  updateStructure,
  type StructureRow,
} from './structures.repository.js';

const NOT_FOUND: Record<TStructureKind, string> = {
  'critical-interface': 'Critical interface not found',
  'mining-works': 'Mining works record not found',
};
const NAME_TAKEN: Record<TStructureKind, string> = {
  'critical-interface': 'This contract already has a critical interface with this name',
  'mining-works': 'This contract already has a mining works record with this name',
};
const DAY_MS = 86_400_000;

const auditFields = (s: {
  name: string;
  contractId: number;
  structureType: string;
  owner: string;
  description: string;
  outline: unknown;
  influenceDistance: number;
  contacts: unknown;
  instrumentIds: readonly number[];
}) => ({
  name: s.name,
  contract_id: s.contractId,
  structure_type: s.structureType,
  owner: s.owner,
  description: s.description,
  outline: s.outline,
  influence_distance: s.influenceDistance,
  contacts: s.contacts,
  instrument_ids: [...s.instrumentIds].sort((a, b) => a - b),
});

/**
 * Critical interfaces and mining works (issue 19): one service for both kinds, each call naming its kind. Every query
 * is scoped to the caller's contracts (another contract's structure is a 404); linked instruments must be of the
 * structure's contract (400 otherwise); every change is audited (`critical-interface.create`, `mining-works.delete`…).
 */
export class StructuresService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.orm;
  }

  private async load(actor: Actor, kind: TStructureKind, id: number) {
    const row = await findStructure(this.db, scopeOf(actor), kind, id);
    if (!row) throw notFound(NOT_FOUND[kind]);
    return row;
  }

  async list(actor: Actor, kind: TStructureKind, q: TListStructuresQuery): Promise<TStructureList> {
    const { records, total } = await listStructures(this.db, scopeOf(actor), kind, {
      limit: q.limit,
      skip: q.skip,
      contractIds: q.filter,
      keyword: q.keyword || undefined,
    });
    return { records: records.map((r) => this.presentRecord(r)), total_records: total };
  }

  private presentRecord(r: { structure: StructureRow; contractNo: string; instrumentCount: number; openAlertCount: number }) {
    const s = r.structure;
    return {
      structure_id: s.structureId,
      kind: s.kind,
      name: s.name,
      contract_id: s.contractId,
      contract_no: r.contractNo,
      structure_type: s.structureType,
      owner: s.owner,
      instrument_count: Number(r.instrumentCount),
      open_alert_count: Number(r.openAlertCount),
      outline_wgs84: geometryToWgs84(s.outline as TStructureOutline),
    };
  }

  async get(actor: Actor, kind: TStructureKind, id: number): Promise<TStructure> {
    const row = await this.load(actor, kind, id);
    const s = row.structure;
    const linked = await linkedInstruments(this.db, id);
    return {
      ...this.presentRecord(row),
      description: s.description,
      outline: s.outline as TStructureOutline,
      influence_distance: s.influenceDistance,
      contacts: s.contacts as TStructureContact[],
      instruments: linked.map((i) => ({ instrument_id: i.instrumentId, name: i.name, type_code: i.typeCode, easting: i.easting, northing: i.northing })),
      created: iso(s.createdAt),
      updated: iso(s.updatedAt),
    };
  }

  async instruments(actor: Actor, kind: TStructureKind, id: number): Promise<TStructureInstruments> {
    await this.load(actor, kind, id);
    const linked = await linkedInstruments(this.db, id);
    return { records: linked.map((i) => ({ instrument_id: i.instrumentId, name: i.name, type_code: i.typeCode, easting: i.easting, northing: i.northing })) };
  }

  /** 400 unless every id is an instrument of the contract (ids of other contracts are named, not told apart). */
  private async requireInstrumentsOf(contractId: number, ids: readonly number[]) {
    const found = await instrumentsOfContract(this.db, contractId, ids);
    const missing = [...new Set(ids)].filter((id) => !found.has(id));
    if (missing.length)
      throw badRequest({ instrument_ids: `These instruments are not instruments of the structure's contract: ${missing.slice(0, 20).join(', ')}` });
  }

  async create(actor: Actor, kind: TStructureKind, body: TCreateStructureRequest): Promise<TStructure> {
    await requireVisibleContract(this.db, actor, body.contract_id);
    if (await structureNameTaken(this.db, body.contract_id, kind, body.name)) throw badRequest({ name: NAME_TAKEN[kind] });
    await this.requireInstrumentsOf(body.contract_id, body.instrument_ids);
    const now = this.ctx.now();
    const values = {
      kind,
      name: body.name,
      contractId: body.contract_id,
      structureType: body.structure_type,
      owner: body.owner,
      description: body.description,
      outline: body.outline,
      influenceDistance: body.influence_distance,
      contacts: body.contacts,
      createdAt: now,
      updatedAt: now,
    };
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const s = await insertStructure(tx, values);
        await replaceLinks(tx, s.structureId, body.instrument_ids);
        await writeAudit(tx, actor, {
          action: `${kind}.create`,
          entityType: kind,
          entityId: s.structureId,
          after: auditFields({ ...values, instrumentIds: [...new Set(body.instrument_ids)] }),
        });
        return s.structureId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest({ name: NAME_TAKEN[kind] });
      throw err;
    }
    return this.get(actor, kind, id);
  }

  async update(actor: Actor, kind: TStructureKind, id: number, body: TUpdateStructureRequest): Promise<TStructure> {
    const row = await this.load(actor, kind, id);
    const s = row.structure;
    const currentIds = (await linkedInstruments(this.db, id)).map((i) => i.instrumentId);
    if (body.contract_id !== undefined && body.contract_id !== s.contractId) await requireVisibleContract(this.db, actor, body.contract_id);
    const next = {
      name: body.name ?? s.name,
      contractId: body.contract_id ?? s.contractId,
      structureType: body.structure_type ?? s.structureType,
      owner: body.owner ?? s.owner,
      description: body.description ?? s.description,
      outline: body.outline ?? s.outline,
      influenceDistance: body.influence_distance ?? s.influenceDistance,
      contacts: body.contacts ?? s.contacts,
      instrumentIds: body.instrument_ids ? [...new Set(body.instrument_ids)] : currentIds,
    };
    if ((body.name !== undefined || body.contract_id !== undefined) && (await structureNameTaken(this.db, next.contractId, kind, next.name, id)))
      throw badRequest({ name: NAME_TAKEN[kind] });
    // Moving to another contract keeps only instruments of that contract: those given (or kept) must all belong to it.
    if (body.instrument_ids !== undefined || next.contractId !== s.contractId) await this.requireInstrumentsOf(next.contractId, next.instrumentIds);
    const diff = changedFields(auditFields({ ...s, instrumentIds: currentIds }), auditFields(next));
    if (Object.keys(diff.after).length > 0) {
      try {
        await this.db.transaction(async (tx) => {
          const { instrumentIds, ...columns } = next;
          await updateStructure(tx, id, { ...columns, updatedAt: this.ctx.now() });
          if (body.instrument_ids !== undefined) await replaceLinks(tx, id, instrumentIds);
          await writeAudit(tx, actor, { action: `${kind}.update`, entityType: kind, entityId: id, ...diff });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest({ name: NAME_TAKEN[kind] });
        throw err;
      }
    }
    return this.get(actor, kind, id);
  }

  async remove(actor: Actor, kind: TStructureKind, id: number): Promise<{ ok: true }> {
    const row = await this.load(actor, kind, id);
    const currentIds = (await linkedInstruments(this.db, id)).map((i) => i.instrumentId);
    await this.db.transaction(async (tx) => {
      await deleteStructure(tx, id);
      await writeAudit(tx, actor, {
        action: `${kind}.delete`,
        entityType: kind,
        entityId: id,
        before: auditFields({ ...row.structure, instrumentIds: currentIds }),
      });
    });
    return { ok: true };
  }

  /**
   * What the structure's page shows: each linked instrument's status (the query behind GET /instruments/status), its
   * latest values (GET /instruments/latest) with their change over the last STRUCTURE_TREND_DAYS days, the open alerts
   * of those instruments and the open action-log cases of those alerts, and the construction sites within the zone of
   * influence of the outline.
   */
  async monitoring(actor: Actor, kind: TStructureKind, id: number): Promise<TStructureMonitoring> {
    const row = await this.load(actor, kind, id);
    const s = row.structure;
    const scope = scopeOf(actor);
    const linked = await linkedInstruments(this.db, id);
    const ids = linked.map((i) => i.instrumentId);
    const idSet = new Set(ids);
    const contractIds = [...new Set([s.contractId])];
    const [statuses, latest, openAlerts, siteRows] = await Promise.all([
      ids.length ? instrumentStatuses(this.db, scope, contractIds) : Promise.resolve([]),
      latestOf(this.db, scope, ids),
      openAlertsOf(this.db, ids),
      sitesWithGeometry(this.db, scope),
    ]);
    const since = this.ctx.now().getTime() - STRUCTURE_TREND_DAYS * DAY_MS;
    const before = await latestAtOrBefore(
      this.db,
      latest.map((l) => l.seriesId),
      [since],
    );
    const thenBySeries = new Map(before.map((b) => [b.seriesId, b.v]));
    const statusOf = new Map(statuses.filter((st) => idSet.has(st.instrumentId)).map((st) => [st.instrumentId, st]));
    const latestByInstrument = new Map<number, TStructureMonitoring['instruments'][number]['latest']>();
    for (const l of latest) {
      const then = thenBySeries.get(l.seriesId);
      const list = latestByInstrument.get(l.instrumentId) ?? [];
      list.push({
        series_id: l.seriesId,
        code: l.code,
        depth: l.depth,
        unit: l.unit,
        taken_at: iso(l.takenAt),
        value: l.value,
        change: then === undefined ? null : l.value - then,
      });
      latestByInstrument.set(l.instrumentId, list);
    }
    const cases = await openCasesOf(
      this.db,
      openAlerts.map((a) => a.alertId),
    );
    const outline = s.outline as Geometry;
    const sitesNear = siteRows
      .map((site) => ({ site, distance: geometryDistance(outline, site.geometry as Geometry) }))
      .filter((x) => x.distance <= s.influenceDistance)
      .sort((a, b) => a.distance - b.distance || a.site.siteName.localeCompare(b.site.siteName));
    return {
      structure_id: id,
      trend_days: STRUCTURE_TREND_DAYS,
      instruments: linked.map((i) => {
        const st = statusOf.get(i.instrumentId);
        return {
          instrument_id: i.instrumentId,
          name: i.name,
          type_code: i.typeCode,
          easting: i.easting,
          northing: i.northing,
          level_code: st?.levelCode ?? null,
          severity: st?.severity ?? 0,
          last_reading_at: st?.lastReadingAt ? iso(st.lastReadingAt) : null,
          latest: latestByInstrument.get(i.instrumentId) ?? [],
        };
      }),
      alerts: openAlerts.map((a) => ({
        alert_id: a.alertId,
        instrument_id: a.instrumentId!,
        instrument_name: a.instrumentName,
        kind: a.kind,
        level_code: a.levelCode,
        opened_at: iso(a.openedAt),
        last_triggered_at: iso(a.lastTriggeredAt),
        latest_value: a.latestValue,
      })),
      cases: cases.map((c) => ({
        case_id: c.caseId,
        alert_id: c.alertId!,
        instrument_id: c.instrumentId,
        category: c.category,
        title: c.title,
        opened_at: iso(c.openedAt),
      })),
      sites: sitesNear.map(({ site, distance }) => ({
        site_id: site.siteId,
        site_name: site.siteName,
        type: site.type,
        contract_id: site.contractId,
        distance: Math.round(distance * 100) / 100,
      })),
    };
  }
}
