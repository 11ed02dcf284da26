import {
  geometryToWgs84,
  type TCreateZoneRequest,
  type TListZonesQuery,
  type TPolygon,
  type TUpdateZoneRequest,
  type TZone,
  type TZoneList,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/filters.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { requireVisibleContract } from '../contracts/contract-access.js';
import { scopeOf } from '../contracts/contracts.service.js';
import { publishToContract } from '../realtime/realtime.publish.js';
import { deleteZone, findZone, insertZone, listZones, updateZone, zoneNameTaken, type ZoneRow } from './zones.repository.js';

/** What other modules use of this module's data (instruments (import and edit) and the system summary): they reach it through this service, not the repository. */
export { visibleZones, zoneOfContract, zonesOfContracts } from './zones.repository.js';

const ZONE_NOT_FOUND = 'Zone not found';
const NAME_TAKEN = 'This contract already has a zone with this name';

const auditFields = (z: Pick<ZoneRow, 'name' | 'contractId' | 'isReport' | 'description' | 'polygon'>) => ({
  name: z.name,
  contract_id: z.contractId,
  is_report: z.isReport,
  description: z.description,
  polygon: z.polygon,
});

/** Zones: named areas (polygon) of a contract; listed for every user within their contracts, changed with ManageZones. */
export class ZonesService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.orm;
  }

  async list(actor: Actor, q: TListZonesQuery): Promise<TZoneList> {
    const { records, total } = await listZones(this.db, scopeOf(actor), {
      limit: q.limit,
      skip: q.skip,
      isReport: q.is_report,
      contractIds: q.filter,
      keyword: q.keyword || undefined,
    });
    return { records: records.map((z) => ({ zone_id: z.zoneId, name: z.name, contract_id: z.contractId, is_report: z.isReport })), total_records: total };
  }

  async get(actor: Actor, id: number): Promise<TZone> {
    const row = await findZone(this.db, scopeOf(actor), id);
    if (!row) throw notFound(ZONE_NOT_FOUND);
    const z = row.zone;
    const polygon = (z.polygon as TPolygon | null) ?? null;
    return {
      zone_id: z.zoneId,
      name: z.name,
      contract_id: z.contractId,
      contract_no: row.contractNo,
      is_report: z.isReport,
      description: z.description,
      polygon,
      polygon_wgs84: polygon ? geometryToWgs84(polygon) : null,
      instrument_count: Number(row.instrumentCount),
      created: iso(z.createdAt),
      updated: iso(z.updatedAt),
    };
  }

  /** Open clients of the contract's users reload their configuration (it lists their zones). */
  private async announce(contractIds: number[]) {
    for (const contractId of new Set(contractIds)) {
      await publishToContract(this.ctx.bus, contractId, { type: 'settingUpdated', message: 'Zones updated', severity: 1, link_uri: null }).catch(
        (err: unknown) => this.ctx.log.warn({ err }, 'zones publish failed'),
      );
    }
  }

  async create(actor: Actor, body: TCreateZoneRequest): Promise<TZone> {
    await requireVisibleContract(this.db, actor, body.contract_id);
    if (await zoneNameTaken(this.db, body.contract_id, body.name)) throw badRequest({ name: NAME_TAKEN });
    const now = this.ctx.now();
    const values = {
      name: body.name,
      contractId: body.contract_id,
      isReport: body.is_report,
      description: body.description,
      polygon: body.polygon,
      createdAt: now,
      updatedAt: now,
    };
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const z = await insertZone(tx, values);
        await writeAudit(tx, actor, { action: 'zone.create', entityType: 'zone', entityId: z.zoneId, after: auditFields(values) });
        return z.zoneId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest({ name: NAME_TAKEN });
      throw err;
    }
    await this.announce([body.contract_id]);
    return this.get(actor, id);
  }

  async update(actor: Actor, id: number, body: TUpdateZoneRequest): Promise<TZone> {
    const row = await findZone(this.db, scopeOf(actor), id);
    if (!row) throw notFound(ZONE_NOT_FOUND);
    const z = row.zone;
    if (body.contract_id !== undefined && body.contract_id !== z.contractId) {
      await requireVisibleContract(this.db, actor, body.contract_id);
      const n = Number(row.instrumentCount);
      if (n > 0) throw badRequest({ contract_id: `This zone holds ${n} instrument(s) of its contract: it cannot move to another contract` });
    }
    const next = {
      name: body.name ?? z.name,
      contractId: body.contract_id ?? z.contractId,
      isReport: body.is_report ?? z.isReport,
      description: body.description ?? z.description,
      polygon: body.polygon === undefined ? z.polygon : body.polygon,
    };
    if ((body.name !== undefined || body.contract_id !== undefined) && (await zoneNameTaken(this.db, next.contractId, next.name, id)))
      throw badRequest({ name: NAME_TAKEN });
    const diff = changedFields(auditFields(z), auditFields(next));
    if (Object.keys(diff.after).length > 0) {
      try {
        await this.db.transaction(async (tx) => {
          await updateZone(tx, id, { ...next, updatedAt: this.ctx.now() });
          await writeAudit(tx, actor, { action: 'zone.update', entityType: 'zone', entityId: id, ...diff });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest({ name: NAME_TAKEN });
        throw err;
      }
      await this.announce([z.contractId, next.contractId]);
    }
    return this.get(actor, id);
  }

  /** Deletes a zone; its instruments stay, without a zone. */
  async remove(actor: Actor, id: number): Promise<{ ok: true }> {
    const row = await findZone(this.db, scopeOf(actor), id);
    if (!row) throw notFound(ZONE_NOT_FOUND);
    await this.db.transaction(async (tx) => {
      await deleteZone(tx, id);
      await writeAudit(tx, actor, {
        action: 'zone.delete',
        entityType: 'zone',
        entityId: id,
        before: { ...auditFields(row.zone), instrument_count: Number(row.instrumentCount) },
      });
    });
    await this.announce([row.zone.contractId]);
    return { ok: true };
  }
}
