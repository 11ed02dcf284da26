import {
  FREQUENCIES,
  INSTRUMENT_IMPORT_COLUMNS,
  INSTRUMENT_STATUS_CODES,
  isSafeText,
  MESSAGES,
  svy21ToWgs84Rounded,
  THRESHOLD_IMPORT_COLUMNS,
  thresholdOrderViolations,
  type OrderedThreshold,
  type InstrumentStatus,
  type TImportResult,
  type TImportRow,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest } from '../../lib/errors.js';
import { readSheet, SheetFileError, writeSheet, type SheetFormat, type SheetRow } from '../../lib/sheet-file.js';
import { writeAudit } from '../../platform/audit.js';
import { scopeOf } from '../contracts/contracts.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  allInstruments,
  insertInstruments,
  takenNames,
  typesByCode,
  visibleContractsByNo,
  type InstrumentInsert,
  type InstrumentsFilter,
} from './instruments.repository.js';
import {
  levelsByCode,
  readingCodesByType,
  thresholdsForExport,
  thresholdsOf,
  upsertThresholds,
  visibleInstrumentsByName,
  type ThresholdInsert,
} from './thresholds.repository.js';
import { zonesOfContracts } from '../zones/zones.service.js';
import { notifyChanged, type InstrumentsChanged } from './instruments.service.js';

type RowError = { field: string; message: string };
/** A valid row of a thresholds file: what it writes, its audit entry and its row in the file. */
type ImportedThreshold = ThresholdInsert & {
  row: number;
  audit: { reading: string; level: string; upper: number | null; lower: number | null; [key: string]: unknown };
};

export const MAX_EXPORT_ROWS = 200_000;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function parseNumber(text: string): number | undefined {
  if (!NUMBER.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** YYYY-MM-DD or DD/MM/YYYY (the house display format) -> YYYY-MM-DD; undefined when not a real date. */
export function parseDate(text: string): string | undefined {
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900 || y > 2200) return undefined;
  return date.toISOString().slice(0, 10);
}

const frequencyByText = new Map<string, string>(FREQUENCIES.flatMap((f) => [[f.code.toLowerCase(), f.code] as const, [f.name.toLowerCase(), f.code] as const]));

function report(rows: TImportRow[], imported: number, dryRun: boolean): TImportResult {
  const invalid = rows.filter((r) => r.status === 'error').length;
  return { rows, valid: rows.length - invalid, invalid, imported, dry_run: dryRun };
}

async function read(data: Buffer, required: readonly string[], all: readonly string[]) {
  try {
    return await readSheet(data, required, all);
  } catch (err) {
    if (err instanceof SheetFileError) throw badRequest({ files: err.message });
    throw err;
  }
}

/**
 * Bulk import and export of instruments (upload type `instrument-plan`) and of thresholds, CSV or XLSX.
 * Every row is checked and reported; a file with any invalid row writes nothing (fix it and upload again), a valid
 * file is written in one transaction with one audit row. `dry_run` only reports.
 */
export class InstrumentImportService {
  /** As `InstrumentsService.afterChange`: after an import wrote instruments or thresholds. */
  afterChange: InstrumentsChanged | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  template(kind: 'instruments' | 'thresholds', format: SheetFormat): Promise<Buffer> {
    if (kind === 'instruments') {
      return writeSheet(format, 'Instruments', INSTRUMENT_IMPORT_COLUMNS, [
        ['SM-T301-0001', 'SM', 'T301', '', 30350.5, 28620.2, 15.2, '2026-01-15', 'active', 'daily', '', 'Example row: replace or delete'],
      ]);
    }
    return writeSheet(format, 'Thresholds', THRESHOLD_IMPORT_COLUMNS, [['T301', 'SM-T301-0001', 'DSPA', 'AL', 20, -20]]);
  }

  async importInstruments(actor: Actor, file: { fileName: string; data: Buffer }, dryRun: boolean): Promise<TImportResult> {
    const { rows } = await read(file.data, ['name', 'type', 'contract', 'easting', 'northing'], INSTRUMENT_IMPORT_COLUMNS);
    const scope = scopeOf(actor);
    const [types, contractsByNo, settings] = await Promise.all([typesByCode(this.db), visibleContractsByNo(this.db, scope), this.settings.get()]);
    const contractIds = [...new Set(rows.map((r) => contractsByNo.get((r.cells.contract ?? '').toLowerCase())).filter((id): id is number => id !== undefined))];
    const [taken, zoneRows] = await Promise.all([takenNames(this.db, contractIds), zonesOfContracts(this.db, contractIds)]);
    const zonesByKey = new Map(zoneRows.map((z) => [`${z.contractId}:${z.name.toLowerCase()}`, z.zoneId]));
    const bounds = settings.map_bounds as [number, number, number, number] | null;
    const seen = new Map<string, number>();
    const now = this.ctx.now();

    const valid: InstrumentInsert[] = [];
    const out: TImportRow[] = rows.map((r: SheetRow) => {
      const c = r.cells;
      const errors: RowError[] = [];
      const add = (field: string, message: string) => errors.push({ field, message });
      for (const [field, value] of Object.entries(c)) if (!isSafeText(value)) add(field, MESSAGES.maliciousInput);
      const name = c.name ?? '';
      if (!name) add('name', 'Name is required');
      else if (name.length > 100) add('name', 'Name must be at most 100 characters');
      else if (/[,;"]/.test(name)) add('name', 'Name may not hold , ; or "');
      const typeId = types.get((c.type ?? '').toUpperCase());
      if (!c.type) add('type', 'Type is required');
      else if (!typeId) add('type', `Unknown instrument type ${c.type}`);
      const contractId = contractsByNo.get((c.contract ?? '').toLowerCase());
      if (!c.contract) add('contract', 'Contract is required');
      else if (!contractId) add('contract', `Unknown contract ${c.contract}`);
      let zoneId: number | null = null;
      if (c.zone && contractId) {
        zoneId = zonesByKey.get(`${contractId}:${c.zone.toLowerCase()}`) ?? null;
        if (zoneId === null) add('zone', `Contract ${c.contract} has no zone ${c.zone}`);
      }
      const easting = parseNumber(c.easting ?? '');
      const northing = parseNumber(c.northing ?? '');
      if (easting === undefined) add('easting', 'Easting must be a number (SVY21 metres)');
      else if (bounds && (easting < bounds[0] || easting > bounds[2])) add('easting', `Easting is outside the map bounds (${bounds[0]} to ${bounds[2]})`);
      if (northing === undefined) add('northing', 'Northing must be a number (SVY21 metres)');
      else if (bounds && (northing < bounds[1] || northing > bounds[3])) add('northing', `Northing is outside the map bounds (${bounds[1]} to ${bounds[3]})`);
      let level: number | null = null;
      if (c.level) {
        const v = parseNumber(c.level);
        if (v === undefined) add('level', 'Level must be a number (mRL)');
        else level = v;
      }
      let installDate: string | null = null;
      if (c.install_date) {
        installDate = parseDate(c.install_date) ?? null;
        if (!installDate) add('install_date', 'Install date must be a date: YYYY-MM-DD or DD/MM/YYYY');
      }
      const status = (c.status || 'active').toLowerCase();
      if (!(INSTRUMENT_STATUS_CODES as readonly string[]).includes(status)) add('status', `Status is one of ${INSTRUMENT_STATUS_CODES.join(', ')}`);
      let frequency: string | null = null;
      if (c.frequency) {
        frequency = frequencyByText.get(c.frequency.toLowerCase()) ?? null;
        if (!frequency) add('frequency', `Unknown frequency ${c.frequency}`);
      }
      if ((c.lta_code ?? '').length > 50) add('lta_code', 'LTA code must be at most 50 characters');
      if ((c.remarks ?? '').length > 2000) add('remarks', 'Remarks must be at most 2000 characters');
      if (name && contractId) {
        const key = `${contractId}:${name.toLowerCase()}`;
        if (taken.has(key)) add('name', 'An instrument with this name already exists in this contract');
        else if (seen.has(key)) add('name', `Duplicate of row ${seen.get(key)} in this file`);
        else seen.set(key, r.row);
      }
      if (errors.length === 0 && typeId && contractId && easting !== undefined && northing !== undefined) {
        valid.push({
          name,
          typeId,
          contractId,
          zoneId,
          easting,
          northing,
          level,
          installDate,
          status: status as InstrumentStatus,
          frequency,
          ltaCode: c.lta_code || null,
          remarks: c.remarks || null,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        });
      }
      return { row: r.row, name, status: errors.length ? 'error' : 'valid', errors };
    });

    if (dryRun || valid.length !== out.length) return report(out, 0, dryRun);
    try {
      await this.db.transaction(async (tx) => {
        const created = await insertInstruments(tx, valid);
        await writeAudit(tx, actor, {
          action: 'instruments.import',
          entityType: 'instrument',
          entityId: null,
          after: { file_name: file.fileName, rows: created.length, contract_ids: contractIds, instrument_ids: created.map((c) => c.id) },
        });
      });
    } catch (err) {
      // Someone added a same-named instrument meanwhile: nothing was written.
      if (isUniqueViolation(err)) throw badRequest({ files: 'An instrument of the file was created meanwhile by someone else: upload the file again' });
      throw err;
    }
    await notifyChanged(this.ctx, this.afterChange);
    return report(out, valid.length, false);
  }

  async exportInstruments(actor: Actor, filter: InstrumentsFilter, format: SheetFormat): Promise<Buffer> {
    const rows = await allInstruments(this.db, scopeOf(actor), filter, MAX_EXPORT_ROWS);
    const header = [...INSTRUMENT_IMPORT_COLUMNS, 'latitude', 'longitude'];
    return writeSheet(
      format,
      'Instruments',
      header,
      rows.map((v) => {
        const i = v.instrument;
        const ll = svy21ToWgs84Rounded(i.easting, i.northing);
        return [
          i.name,
          v.typeCode,
          v.contractNo,
          v.zoneName,
          i.easting,
          i.northing,
          i.level,
          i.installDate,
          i.status,
          i.frequency,
          i.ltaCode,
          i.remarks,
          ll.lat,
          ll.lon,
        ];
      }),
    );
  }

  async importThresholds(actor: Actor, file: { fileName: string; data: Buffer }, dryRun: boolean): Promise<TImportResult> {
    const { rows } = await read(file.data, ['instrument', 'reading_code', 'level'], THRESHOLD_IMPORT_COLUMNS);
    const scope = scopeOf(actor);
    const names = [...new Set(rows.map((r) => (r.cells.instrument ?? '').toLowerCase()).filter(Boolean))];
    const [found, codesByType, levels] = await Promise.all([
      visibleInstrumentsByName(this.db, scope, names),
      readingCodesByType(this.db),
      levelsByCode(this.db),
    ]);
    const byName = new Map<string, typeof found>();
    for (const f of found) byName.set(f.name.toLowerCase(), [...(byName.get(f.name.toLowerCase()) ?? []), f]);
    const seen = new Map<string, number>();
    const now = this.ctx.now();
    const valid: ImportedThreshold[] = [];
    /** The errors list of each valid row (by file row), for the level-order check to add to. */
    const fileRows = new Map<number, RowError[]>();

    const out: TImportRow[] = rows.map((r) => {
      const c = r.cells;
      const errors: RowError[] = [];
      const add = (field: string, message: string) => errors.push({ field, message });
      for (const [field, value] of Object.entries(c)) if (!isSafeText(value)) add(field, MESSAGES.maliciousInput);
      const name = c.instrument ?? '';
      let candidates = byName.get(name.toLowerCase()) ?? [];
      if (c.contract) candidates = candidates.filter((i) => i.contractNo.toLowerCase() === c.contract!.toLowerCase());
      const instrument = candidates.length === 1 ? candidates[0] : undefined;
      if (!name) add('instrument', 'Instrument is required');
      else if (candidates.length === 0) add('instrument', c.contract ? `Contract ${c.contract} has no instrument ${name}` : `Unknown instrument ${name}`);
      else if (candidates.length > 1) add('contract', `Several contracts have an instrument ${name}: give the contract`);
      const codeId = instrument ? codesByType.get(instrument.typeId)?.get((c.reading_code ?? '').toUpperCase()) : undefined;
      if (!c.reading_code) add('reading_code', 'Reading code is required');
      else if (instrument && !codeId) add('reading_code', `${name} has no reading code ${c.reading_code}`);
      const levelId = levels.get((c.level ?? '').toUpperCase())?.id;
      if (!c.level) add('level', 'Level is required');
      else if (!levelId) add('level', `Unknown alert level ${c.level}`);
      const upper = c.upper ? parseNumber(c.upper) : null;
      const lower = c.lower ? parseNumber(c.lower) : null;
      if (upper === undefined) add('upper', 'Upper must be a number');
      if (lower === undefined) add('lower', 'Lower must be a number');
      if (upper === null && lower === null) add('upper', 'Give an upper or a lower value');
      if (typeof upper === 'number' && typeof lower === 'number' && lower >= upper) add('upper', 'The upper value must be greater than the lower value');
      if (instrument && codeId && levelId) {
        const key = `${instrument.id}/${codeId}/${levelId}`;
        if (seen.has(key)) add('level', `Duplicate of row ${seen.get(key)} in this file`);
        else seen.set(key, r.row);
      }
      if (errors.length === 0 && instrument && codeId && levelId && upper !== undefined && lower !== undefined) {
        fileRows.set(r.row, errors);
        valid.push({
          row: r.row,
          instrumentId: instrument.id,
          readingCodeId: codeId,
          levelId,
          upper,
          lower,
          updatedAt: now,
          audit: {
            contract: instrument.contractNo,
            instrument: instrument.name,
            reading: (c.reading_code ?? '').toUpperCase(),
            level: (c.level ?? '').toUpperCase(),
            upper,
            lower,
          },
        });
      }
      return { row: r.row, name, status: errors.length ? 'error' : 'valid', errors };
    });

    // The levels of each instrument as the file leaves them (its rows over the stored ones) must stay in order.
    await this.checkLevelOrder(valid, fileRows, levels);
    for (const o of out) if (o.status === 'valid' && (fileRows.get(o.row)?.length ?? 0) > 0) o.status = 'error';
    const accepted = valid.filter((v) => (fileRows.get(v.row)?.length ?? 0) === 0);
    if (dryRun || accepted.length !== out.length) return report(out, 0, dryRun);
    // The values the file replaces, for the audit row's "before".
    const touched = new Set(valid.map((v) => `${v.instrumentId}/${v.readingCodeId}/${v.levelId}`));
    const labels = new Map(found.map((f) => [f.id, { contract: f.contractNo, instrument: f.name }]));
    const before = (await thresholdsOf(this.db, [...new Set(valid.map((v) => v.instrumentId))]))
      .filter((t) => touched.has(`${t.instrumentId}/${t.readingCodeId}/${t.levelId}`))
      .map((t) => ({ ...labels.get(t.instrumentId), reading: t.readingCode, level: t.levelCode, upper: t.upper, lower: t.lower }));
    await this.db.transaction(async (tx) => {
      await upsertThresholds(
        tx,
        valid.map(({ audit: _audit, row: _row, ...t }) => t),
      );
      await writeAudit(tx, actor, {
        action: 'thresholds.import',
        entityType: 'threshold',
        entityId: null,
        before: { thresholds: before },
        after: { file_name: file.fileName, rows: valid.length, thresholds: valid.map((v) => v.audit) },
      });
    });
    await notifyChanged(this.ctx, this.afterChange);
    return report(out, valid.length, false);
  }

  /**
   * Adds an error to each file row that leaves an instrument's levels out of order (shared `thresholdOrderViolations`):
   * the file's rows over the instrument's stored thresholds, per reading code.
   */
  private async checkLevelOrder(valid: readonly ImportedThreshold[], fileRows: Map<number, RowError[]>, levels: Map<string, { id: number; severity: number }>) {
    if (valid.length === 0) return;
    const stored = await thresholdsOf(this.db, [...new Set(valid.map((v) => v.instrumentId))]);
    type Entry = OrderedThreshold & { row?: number };
    const byInstrument = new Map<number, Map<string, Entry>>();
    const entries = (id: number) => byInstrument.get(id) ?? byInstrument.set(id, new Map()).get(id)!;
    for (const t of stored) {
      entries(t.instrumentId).set(`${t.readingCodeId}/${t.levelId}`, { reading_code: t.readingCode, level_code: t.levelCode, upper: t.upper, lower: t.lower });
    }
    for (const v of valid) {
      entries(v.instrumentId).set(`${v.readingCodeId}/${v.levelId}`, {
        reading_code: v.audit.reading,
        level_code: v.audit.level,
        upper: v.upper,
        lower: v.lower,
        row: v.row,
      });
    }
    const severityOf = (code: string) => levels.get(code)?.severity;
    for (const map of byInstrument.values()) {
      const list = [...map.values()];
      for (const violation of thresholdOrderViolations(list, severityOf)) {
        const [more, less] = [list[violation.more]!, list[violation.less]!];
        if (more.row !== undefined) fileRows.get(more.row)?.push({ field: violation.side, message: violation.message });
        else if (less.row !== undefined) fileRows.get(less.row)?.push({ field: violation.side, message: violation.lessMessage });
      }
    }
  }

  async exportThresholds(actor: Actor, contractId: number | undefined, format: SheetFormat): Promise<Buffer> {
    const rows = await thresholdsForExport(this.db, scopeOf(actor), contractId, MAX_EXPORT_ROWS);
    return writeSheet(
      format,
      'Thresholds',
      THRESHOLD_IMPORT_COLUMNS,
      rows.map((t) => [t.contractNo, t.instrument, t.readingCode, t.levelCode, t.upper, t.lower]),
    );
  }
}
