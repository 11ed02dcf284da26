import {
  svy21ToWgs84Rounded,
  wgs84ToSvy21,
  type TCreateInstrumentRequest,
  type TInstrument,
  type TInstrumentList,
  type TInstrumentThresholds,
  type TListInstrumentsQuery,
  type TSetThresholdsRequest,
  thresholdOrderErrors,
  type TUpdateInstrumentRequest,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { iso, isoOrNull } from '../../lib/filters.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { safeError } from '../../platform/safe-error.js';
import { requireVisibleContract } from '../contracts/contract-access.js';
import { scopeOf } from '../contracts/contracts.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  allInstruments,
  deleteInstrument,
  findInstrument,
  insertInstrument,
  instrumentNameTaken,
  listInstruments,
  thresholdCount,
  typesByCode,
  updateInstrument,
  type InstrumentInsert,
  type InstrumentRow,
  type InstrumentView,
  type InstrumentsFilter,
} from './instruments.repository.js';
import {
  allLevels,
  levelsByCode,
  readingCodesOfType,
  replaceThresholds,
  thresholdsOf,
  thresholdsWithLevels,
  type ThresholdView,
} from './thresholds.repository.js';
import { deleteReadingsOfInstrument, seriesCountOfInstrument } from '../readings/readings-store.service.js';
import { zoneOfContract } from '../zones/zones.service.js';

export const INSTRUMENT_NOT_FOUND = 'Instrument not found';
const NAME_TAKEN = 'This contract already has an instrument with this name';

export function presentInstrument(v: InstrumentView): TInstrument {
  const i = v.instrument;
  const { lat, lon } = svy21ToWgs84Rounded(i.easting, i.northing);
  return {
    instrument_id: i.instrumentId,
    name: i.name,
    type_code: v.typeCode,
    type_name: v.typeName,
    contract_id: i.contractId,
    contract_no: v.contractNo,
    zone_id: i.zoneId,
    zone_name: v.zoneName,
    easting: i.easting,
    northing: i.northing,
    latitude: lat,
    longitude: lon,
    level: i.level,
    install_date: i.installDate,
    status: i.status,
    frequency: i.frequency,
    lta_code: i.ltaCode,
    remarks: i.remarks,
    baseline_date: isoOrNull(i.baselineAt),
    baseline_remarks: i.baselineRemarks,
    created: iso(i.createdAt),
    updated: iso(i.updatedAt),
  };
}

export function filterOf(q: Omit<TListInstrumentsQuery, 'limit' | 'skip'>): InstrumentsFilter {
  const contractIds = q.contracts ?? (q.contract_id ? [q.contract_id] : undefined);
  return {
    keyword: q.keyword || undefined,
    typeCodes: q.type
      ? q.type
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean)
      : undefined,
    zoneId: q.zone_id,
    contractIds: q.contract_id && q.contracts ? q.contracts.filter((id) => id === q.contract_id) : contractIds,
    status: q.status,
    bbox: q.bbox,
  };
}

// Audit keys never end in "code": the audit redacts such fields (one-time codes).
const auditFields = (i: Partial<InstrumentRow>, typeCode?: string) => ({
  name: i.name,
  type: typeCode,
  contract_id: i.contractId,
  zone_id: i.zoneId,
  easting: i.easting,
  northing: i.northing,
  level: i.level,
  install_date: i.installDate,
  status: i.status,
  frequency: i.frequency,
  lta: i.ltaCode,
  remarks: i.remarks,
  baseline_at: i.baselineAt instanceof Date ? i.baselineAt.toISOString() : (i.baselineAt ?? null),
  baseline_remarks: i.baselineRemarks,
});

export function presentThresholds(rows: ThresholdView[]) {
  return rows.map((t) => ({ reading_code: t.readingCode, level_code: t.levelCode, upper: t.upper, lower: t.lower }));
}

/**
 * Instruments and their thresholds. Reads for every signed-in user, within their contracts (others answer 404);
 * changes with ManageInstruments, audited in their transaction.
 */
export class InstrumentsService {
  /**
   * Runs after a committed change of instruments, their baselines or thresholds (app.ts: the alerts' rebaseline
   * check, so a changed baseline or threshold raises its Rebaseline alert at once, not at the next minute's check).
   */
  afterChange: InstrumentsChanged | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  private async load(actor: Actor, id: number): Promise<InstrumentView> {
    const row = await findInstrument(this.db, scopeOf(actor), id);
    if (!row) throw notFound(INSTRUMENT_NOT_FOUND);
    return row;
  }

  async list(actor: Actor, q: TListInstrumentsQuery): Promise<TInstrumentList> {
    const { records, total } = await listInstruments(this.db, scopeOf(actor), { ...filterOf(q), limit: q.limit, skip: q.skip });
    return { records: records.map(presentInstrument), total_records: total };
  }

  /**
   * Reports (decision 039): the instruments of the caller's contracts among `contractIds`, narrowed to the zones and
   * instrument types given (none: all), in the list's order (contract, name); at most `max`.
   */
  async forReport(
    actor: Actor,
    f: { contractIds: number[]; zoneIds?: number[] | undefined; typeIds?: number[] | undefined },
    max: number,
  ): Promise<(TInstrument & { type_id: number })[]> {
    const rows = await allInstruments(this.db, scopeOf(actor), { contractIds: f.contractIds, zoneIds: f.zoneIds, typeIds: f.typeIds }, max);
    return rows.map((v) => ({ ...presentInstrument(v), type_id: v.instrument.typeId }));
  }

  /** The thresholds of these instruments of the caller's contracts, with their level's name, colour and severity. */
  async thresholdsWithLevels(actor: Actor, ids: number[]) {
    return (await thresholdsWithLevels(this.db, scopeOf(actor), ids)).map((t) => ({
      instrument_id: t.instrumentId,
      reading_code: t.readingCode,
      level_code: t.levelCode,
      level_name: t.levelName,
      color: t.color,
      severity: t.severity,
      upper: t.upper,
      lower: t.lower,
    }));
  }

  /** The alert levels (code, name, colour, severity), least severe first. */
  async levels() {
    return allLevels(this.db);
  }

  async get(actor: Actor, id: number): Promise<TInstrument> {
    return presentInstrument(await this.load(actor, id));
  }

  /** Field errors for a location outside the map bounds setting. */
  async boundsErrors(easting: number, northing: number): Promise<Record<string, string>> {
    const b = (await this.settings.get()).map_bounds as [number, number, number, number] | null;
    if (!b) return {};
    const errors: Record<string, string> = {};
    if (easting < b[0] || easting > b[2]) errors.easting = `Easting is outside the map bounds (${b[0]} to ${b[2]})`;
    if (northing < b[1] || northing > b[3]) errors.northing = `Northing is outside the map bounds (${b[1]} to ${b[3]})`;
    return errors;
  }

  private location(body: { easting?: number | undefined; northing?: number | undefined; latitude?: number | undefined; longitude?: number | undefined }) {
    if (body.easting !== undefined && body.northing !== undefined) return { easting: body.easting, northing: body.northing };
    if (body.latitude !== undefined && body.longitude !== undefined) {
      const en = wgs84ToSvy21(body.latitude, body.longitude);
      return { easting: Math.round(en.easting * 1000) / 1000, northing: Math.round(en.northing * 1000) / 1000 };
    }
    return undefined;
  }

  async create(actor: Actor, body: TCreateInstrumentRequest): Promise<TInstrument> {
    await requireVisibleContract(this.db, actor, body.contract_id);
    const errors: Record<string, string> = {};
    const typeId = (await typesByCode(this.db)).get(body.type_code.toUpperCase());
    if (!typeId) errors.type_code = 'Unknown instrument type';
    if (body.zone_id != null && !(await zoneOfContract(this.db, body.zone_id, body.contract_id))) errors.zone_id = 'The zone is not one of this contract';
    const loc = this.location(body);
    if (!loc) errors.easting = 'Give easting and northing (SVY21) or latitude and longitude';
    else Object.assign(errors, await this.boundsErrors(loc.easting, loc.northing));
    if (await instrumentNameTaken(this.db, body.contract_id, body.name)) errors.name = NAME_TAKEN;
    if (Object.keys(errors).length > 0 || !typeId || !loc) throw badRequest(errors);
    const now = this.ctx.now();
    const values: InstrumentInsert = {
      name: body.name,
      typeId,
      contractId: body.contract_id,
      zoneId: body.zone_id,
      ...loc,
      level: body.level,
      installDate: body.install_date,
      status: body.status,
      frequency: body.frequency,
      ltaCode: body.lta_code,
      remarks: body.remarks,
      baselineAt: body.baseline_date ? new Date(body.baseline_date) : null,
      baselineRemarks: body.baseline_remarks,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const row = await insertInstrument(tx, values);
        await writeAudit(tx, actor, {
          action: 'instrument.create',
          entityType: 'instrument',
          entityId: row.instrumentId,
          after: auditFields(values, body.type_code.toUpperCase()),
        });
        return row.instrumentId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest({ name: NAME_TAKEN });
      throw err;
    }
    await notifyChanged(this.ctx, this.afterChange);
    return this.get(actor, id);
  }

  async update(actor: Actor, id: number, body: TUpdateInstrumentRequest): Promise<TInstrument> {
    const current = await this.load(actor, id);
    const i = current.instrument;
    const errors: Record<string, string> = {};
    const contractId = body.contract_id ?? i.contractId;
    if (contractId !== i.contractId) await requireVisibleContract(this.db, actor, contractId);
    let typeId = i.typeId;
    let typeCode = current.typeCode;
    if (body.type_code !== undefined && body.type_code.toUpperCase() !== current.typeCode) {
      const found = (await typesByCode(this.db)).get(body.type_code.toUpperCase());
      if (!found) errors.type_code = 'Unknown instrument type';
      else if ((await thresholdCount(this.db, id)) > 0) errors.type_code = 'Remove the thresholds of this instrument before changing its type';
      else if ((await seriesCountOfInstrument(this.db, id)) > 0) errors.type_code = 'This instrument has readings of its type: its type cannot change';
      else {
        typeId = found;
        typeCode = body.type_code.toUpperCase();
      }
    }
    // Moving to another contract drops the zone unless a zone of the new contract is given.
    let zoneId = body.zone_id === undefined ? i.zoneId : body.zone_id;
    if (body.zone_id === undefined && contractId !== i.contractId) zoneId = null;
    if (zoneId != null && (zoneId !== i.zoneId || contractId !== i.contractId) && !(await zoneOfContract(this.db, zoneId, contractId))) {
      errors.zone_id = 'The zone is not one of this contract';
    }
    const loc = this.location(body) ?? { easting: body.easting ?? i.easting, northing: body.northing ?? i.northing };
    if (loc.easting !== i.easting || loc.northing !== i.northing) Object.assign(errors, await this.boundsErrors(loc.easting, loc.northing));
    const name = body.name ?? i.name;
    if ((name.toLowerCase() !== i.name.toLowerCase() || contractId !== i.contractId) && (await instrumentNameTaken(this.db, contractId, name, id)))
      errors.name = NAME_TAKEN;
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const next: Partial<InstrumentRow> = {
      name,
      typeId,
      contractId,
      zoneId,
      ...loc,
      level: body.level === undefined ? i.level : body.level,
      installDate: body.install_date === undefined ? i.installDate : body.install_date,
      status: body.status ?? i.status,
      frequency: body.frequency === undefined ? i.frequency : body.frequency,
      ltaCode: body.lta_code === undefined ? i.ltaCode : body.lta_code,
      remarks: body.remarks === undefined ? i.remarks : body.remarks,
      baselineAt: body.baseline_date === undefined ? i.baselineAt : body.baseline_date ? new Date(body.baseline_date) : null,
      baselineRemarks: body.baseline_remarks === undefined ? i.baselineRemarks : body.baseline_remarks,
    };
    const diff = changedFields(auditFields(i, current.typeCode), auditFields(next, typeCode));
    if (Object.keys(diff.after).length > 0) {
      try {
        await this.db.transaction(async (tx) => {
          await updateInstrument(tx, id, { ...next, updatedAt: this.ctx.now() });
          await writeAudit(tx, actor, { action: 'instrument.update', entityType: 'instrument', entityId: id, ...diff });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest({ name: NAME_TAKEN });
        throw err;
      }
      await notifyChanged(this.ctx, this.afterChange);
    }
    return this.get(actor, id);
  }

  /** Deletes an instrument with its thresholds and its readings (series, rollups and latest values go with it). */
  async remove(actor: Actor, id: number): Promise<{ ok: true }> {
    const current = await this.load(actor, id);
    const before = await thresholdsOf(this.db, [id]);
    await this.db.transaction(async (tx) => {
      const readings = await deleteReadingsOfInstrument(tx, id);
      await deleteInstrument(tx, id);
      await writeAudit(tx, actor, {
        action: 'instrument.delete',
        entityType: 'instrument',
        entityId: id,
        before: { ...auditFields(current.instrument, current.typeCode), thresholds: presentThresholds(before).map(thresholdAudit), readings },
      });
    });
    return { ok: true };
  }

  // ---- thresholds ----
  async thresholds(actor: Actor, id: number): Promise<TInstrumentThresholds> {
    const current = await this.load(actor, id);
    return { instrument_id: id, name: current.instrument.name, thresholds: presentThresholds(await thresholdsOf(this.db, [id])) };
  }

  /** Replaces the instrument's thresholds; audited with the whole set before and after. Takes effect at the next evaluation. */
  async setThresholds(actor: Actor, id: number, body: TSetThresholdsRequest): Promise<TInstrumentThresholds> {
    const current = await this.load(actor, id);
    const [codes, levels] = await Promise.all([readingCodesOfType(this.db, current.instrument.typeId), levelsByCode(this.db)]);
    const errors: Record<string, string> = {};
    const seen = new Set<string>();
    const now = this.ctx.now();
    const rows = body.thresholds.flatMap((t, i) => {
      const readingCodeId = codes.get(t.reading_code);
      const levelId = levels.get(t.level_code.toUpperCase())?.id;
      if (!readingCodeId) errors[`thresholds.${i}.reading_code`] = `${current.typeCode} has no reading code ${t.reading_code}`;
      if (!levelId) errors[`thresholds.${i}.level_code`] = 'Unknown alert level';
      const key = `${t.reading_code}/${t.level_code.toUpperCase()}`;
      if (seen.has(key)) errors[`thresholds.${i}.level_code`] = 'This reading code and level are listed twice';
      seen.add(key);
      return readingCodeId && levelId ? [{ instrumentId: id, readingCodeId, levelId, upper: t.upper, lower: t.lower, updatedAt: now }] : [];
    });
    for (const [field, message] of Object.entries(thresholdOrderErrors(body.thresholds, (code) => levels.get(code)?.severity))) {
      errors[`thresholds.${field}`] ??= message;
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const before = presentThresholds(await thresholdsOf(this.db, [id]));
    await this.db.transaction(async (tx) => {
      await replaceThresholds(tx, id, rows);
      await writeAudit(tx, actor, {
        action: 'instrument.thresholds',
        entityType: 'instrument',
        entityId: id,
        before: { thresholds: before.map(thresholdAudit) },
        after: { thresholds: body.thresholds.map((t) => thresholdAudit({ ...t, level_code: t.level_code.toUpperCase() })) },
      });
    });
    await notifyChanged(this.ctx, this.afterChange);
    return this.thresholds(actor, id);
  }
}

/** A threshold for an audit row (keys not ending in "code"). */
export const thresholdAudit = (t: { reading_code: string; level_code: string; upper: number | null; lower: number | null }) => ({
  reading: t.reading_code,
  level: t.level_code,
  upper: t.upper,
  lower: t.lower,
});

/** What runs after instruments, baselines or thresholds changed (see `InstrumentsService.afterChange`). */
export type InstrumentsChanged = () => Promise<unknown>;

/** Runs the hook; the change is committed already, so a failure of the hook is logged, never the caller's error. */
export async function notifyChanged(ctx: AppContext, hook: InstrumentsChanged | undefined): Promise<void> {
  try {
    await hook?.();
  } catch (err) {
    ctx.log.error({ err: safeError(err) }, 'instruments: the after-change hook failed');
  }
}
