import {
  INSTRUMENT_ICONS,
  MESSAGES,
  type TAlertLevel,
  type TAlertLevelBody,
  type TAlertLevelUpdate,
  type TCreateInstrumentTypeRequest,
  type TInstrumentCategory,
  type TInstrumentCategoryBody,
  type TInstrumentIconRequest,
  type TInstrumentIcons,
  type TInstrumentType,
  type TReadingCode,
  type TReadingCodeBody,
  type TReadingCodeUpdate,
  type TUpdateInstrumentTypeRequest,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import type { MasterConfigCache } from '../system/master-config.js';
import {
  categoryExists,
  categoryNameTaken,
  deleteCategory,
  deleteLevel,
  deleteReadingCode,
  deleteType,
  findCategory,
  findLevel,
  findReadingCode,
  findType,
  insertCategory,
  insertLevel,
  insertReadingCodes,
  insertType,
  instrumentsOfType,
  levelCodeTaken,
  listCategories,
  listLevels,
  listTypes,
  readingCodeTaken,
  thresholdsOfLevel,
  thresholdsOfReadingCode,
  typeCodeTaken,
  updateCategory,
  updateLevel,
  updateReadingCode,
  updateType,
} from './instrument-types.repository.js';
import { seriesCountOfReadingCode } from '../readings/readings-store.service.js';
import { presentReadingCode, presentType, presentLevel, typeAudit, codeAudit, levelAudit, codeValues } from './instrument-types.presenter.js';

/**
 * Instrument categories, types with their reading codes, alert levels and icons: deployment-wide master data that the
 * configuration carries. Reads for every signed-in user; changes with ManageInstruments, audited, then
 * `MasterConfigCache.changed()` (clients reload their configuration).
 */
export class InstrumentTypesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly master: MasterConfigCache,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  // ---- categories ----
  async categories(): Promise<{ records: TInstrumentCategory[]; total_records: number }> {
    const rows = await listCategories(this.db);
    return {
      records: rows.map((r) => ({ category_id: r.category.categoryId, name: r.category.name, type_count: Number(r.typeCount) })),
      total_records: rows.length,
    };
  }

  async createCategory(actor: Actor, body: TInstrumentCategoryBody): Promise<TInstrumentCategory> {
    if (await categoryNameTaken(this.db, body.name)) throw badRequest({ name: 'A category with this name already exists' });
    const row = await this.db.transaction(async (tx) => {
      const c = await insertCategory(tx, body.name, this.ctx.now());
      await writeAudit(tx, actor, { action: 'instrument-category.create', entityType: 'instrument_category', entityId: c.categoryId, after: { name: c.name } });
      return c;
    });
    await this.master.changed('categories');
    return { category_id: row.categoryId, name: row.name, type_count: 0 };
  }

  async updateCategory(actor: Actor, id: number, body: TInstrumentCategoryBody): Promise<TInstrumentCategory> {
    const current = await findCategory(this.db, id);
    if (!current) throw notFound('Category not found');
    if (await categoryNameTaken(this.db, body.name, id)) throw badRequest({ name: 'A category with this name already exists' });
    if (body.name !== current.category.name) {
      await this.db.transaction(async (tx) => {
        await updateCategory(tx, id, body.name, this.ctx.now());
        await writeAudit(tx, actor, {
          action: 'instrument-category.update',
          entityType: 'instrument_category',
          entityId: id,
          before: { name: current.category.name },
          after: { name: body.name },
        });
      });
      await this.master.changed('categories');
    }
    return { category_id: id, name: body.name, type_count: Number(current.typeCount) };
  }

  /** Deletes a category; its types stay, without a category. */
  async deleteCategory(actor: Actor, id: number): Promise<{ ok: true }> {
    const current = await findCategory(this.db, id);
    if (!current) throw notFound('Category not found');
    await this.db.transaction(async (tx) => {
      await deleteCategory(tx, id);
      await writeAudit(tx, actor, {
        action: 'instrument-category.delete',
        entityType: 'instrument_category',
        entityId: id,
        before: { name: current.category.name },
      });
    });
    await this.master.changed('categories');
    return { ok: true };
  }

  // ---- types ----
  async types(categoryId?: number): Promise<{ records: TInstrumentType[]; total_records: number }> {
    const rows = await listTypes(this.db, categoryId);
    return { records: rows.map(presentType), total_records: rows.length };
  }

  async type(id: number): Promise<TInstrumentType> {
    const t = await findType(this.db, { id });
    if (!t) throw notFound('Instrument type not found');
    return presentType(t);
  }

  async createType(actor: Actor, body: TCreateInstrumentTypeRequest): Promise<TInstrumentType> {
    const errors: Record<string, string> = {};
    if (await typeCodeTaken(this.db, body.code)) errors.code = 'An instrument type with this code already exists';
    if (body.category_id != null && !(await categoryExists(this.db, body.category_id))) errors.category_id = 'Category not found';
    const seen = new Set<string>();
    body.reading_codes.forEach((c, i) => {
      if (seen.has(c.code)) errors[`reading_codes.${i}.code`] = 'This reading code is listed twice';
      seen.add(c.code);
    });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const now = this.ctx.now();
    const values = {
      code: body.code,
      name: body.name,
      categoryId: body.category_id,
      icon: body.icon,
      iconColor: body.icon_color,
      ltaCode: body.lta_code,
      hasDepth: body.has_depth,
    };
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const t = await insertType(tx, { ...values, createdAt: now, updatedAt: now });
        await insertReadingCodes(
          tx,
          body.reading_codes.map((c) => codeValues(t.typeId, c)),
        );
        await writeAudit(tx, actor, {
          action: 'instrument-type.create',
          entityType: 'instrument_type',
          entityId: t.typeId,
          after: { ...typeAudit(values), readings: body.reading_codes.map((c) => c.code) },
        });
        return t.typeId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest({ code: 'An instrument type with this code already exists' });
      throw err;
    }
    await this.master.changed('instrument-types');
    return this.type(id);
  }

  async updateType(actor: Actor, id: number, body: TUpdateInstrumentTypeRequest): Promise<TInstrumentType> {
    const current = await findType(this.db, { id });
    if (!current) throw notFound('Instrument type not found');
    const errors: Record<string, string> = {};
    if (body.code !== undefined && (await typeCodeTaken(this.db, body.code, id))) errors.code = 'An instrument type with this code already exists';
    if (body.category_id != null && !(await categoryExists(this.db, body.category_id))) errors.category_id = 'Category not found';
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const t = current.type;
    const next = {
      code: body.code ?? t.code,
      name: body.name ?? t.name,
      categoryId: body.category_id === undefined ? t.categoryId : body.category_id,
      icon: body.icon ?? t.icon,
      iconColor: body.icon_color ?? t.iconColor,
      ltaCode: body.lta_code === undefined ? t.ltaCode : body.lta_code,
      hasDepth: body.has_depth ?? t.hasDepth,
    };
    const diff = changedFields(typeAudit(t), typeAudit(next));
    if (Object.keys(diff.after).length > 0) {
      await this.db.transaction(async (tx) => {
        await updateType(tx, id, { ...next, updatedAt: this.ctx.now() });
        await writeAudit(tx, actor, { action: 'instrument-type.update', entityType: 'instrument_type', entityId: id, ...diff });
      });
      await this.master.changed('instrument-types');
    }
    return this.type(id);
  }

  async deleteType(actor: Actor, id: number): Promise<{ ok: true }> {
    const current = await findType(this.db, { id });
    if (!current) throw notFound('Instrument type not found');
    const n = await instrumentsOfType(this.db, id);
    if (n > 0) throw conflict(`${n} instrument(s) are of this type: change or delete them first`);
    await this.db.transaction(async (tx) => {
      await deleteType(tx, id);
      await writeAudit(tx, actor, {
        action: 'instrument-type.delete',
        entityType: 'instrument_type',
        entityId: id,
        before: { ...typeAudit(current.type), readings: current.codes.map((c) => c.code) },
      });
    });
    await this.master.changed('instrument-types');
    return { ok: true };
  }

  // ---- reading codes ----
  async addReadingCode(actor: Actor, typeId: number, body: TReadingCodeBody): Promise<TReadingCode> {
    const t = await findType(this.db, { id: typeId });
    if (!t) throw notFound('Instrument type not found');
    if (await readingCodeTaken(this.db, typeId, body.code)) throw badRequest({ code: 'This type already has this reading code' });
    const row = await this.db.transaction(async (tx) => {
      const [c] = await insertReadingCodes(tx, [codeValues(typeId, body)]);
      if (!c) throw new Error('reading code insert returned no row');
      await writeAudit(tx, actor, {
        action: 'reading-code.create',
        entityType: 'reading_code',
        entityId: c.readingCodeId,
        after: { type: t.type.code, ...codeAudit(codeValues(typeId, body)) },
      });
      return c;
    });
    await this.master.changed('reading-codes');
    return presentReadingCode(row);
  }

  async updateReadingCode(actor: Actor, id: number, body: TReadingCodeUpdate): Promise<TReadingCode> {
    const found = await findReadingCode(this.db, id);
    if (!found) throw notFound('Reading code not found');
    const c = found.code;
    if (body.code !== undefined && (await readingCodeTaken(this.db, c.typeId, body.code, id)))
      throw badRequest({ code: 'This type already has this reading code' });
    const next = {
      code: body.code ?? c.code,
      description: body.description ?? c.description,
      unit: body.unit ?? c.unit,
      isResult: body.is_result ?? c.isResult,
      precision: body.precision ?? c.precision,
      minValue: body.min_value === undefined ? c.minValue : body.min_value,
      maxValue: body.max_value === undefined ? c.maxValue : body.max_value,
      sortOrder: body.sort_order ?? c.sortOrder,
    };
    if (next.minValue != null && next.maxValue != null && next.minValue >= next.maxValue) throw badRequest({ max_value: MESSAGES.maxAboveMin });
    const diff = changedFields(codeAudit(c), codeAudit(next));
    if (Object.keys(diff.after).length > 0) {
      await this.db.transaction(async (tx) => {
        await updateReadingCode(tx, id, next);
        await writeAudit(tx, actor, { action: 'reading-code.update', entityType: 'reading_code', entityId: id, ...diff });
      });
      await this.master.changed('reading-codes');
    }
    return presentReadingCode({ ...c, ...next });
  }

  async deleteReadingCode(actor: Actor, id: number): Promise<{ ok: true }> {
    const found = await findReadingCode(this.db, id);
    if (!found) throw notFound('Reading code not found');
    const n = await thresholdsOfReadingCode(this.db, id);
    if (n > 0) throw conflict(`${n} threshold(s) use this reading code: remove them first`);
    const series = await seriesCountOfReadingCode(this.db, id);
    if (series > 0) throw conflict(`${series} instrument reading series hold readings of this reading code: it cannot be deleted`);
    await this.db.transaction(async (tx) => {
      await deleteReadingCode(tx, id);
      await writeAudit(tx, actor, {
        action: 'reading-code.delete',
        entityType: 'reading_code',
        entityId: id,
        before: { type: found.typeCode, ...codeAudit(found.code) },
      });
    });
    await this.master.changed('reading-codes');
    return { ok: true };
  }

  // ---- alert levels ----
  async levels(): Promise<{ records: TAlertLevel[]; total_records: number }> {
    const rows = await listLevels(this.db);
    return { records: rows.map(presentLevel), total_records: rows.length };
  }

  async createLevel(actor: Actor, body: TAlertLevelBody): Promise<TAlertLevel> {
    if (await levelCodeTaken(this.db, body.code)) throw badRequest({ code: 'An alert level with this code already exists' });
    const row = await this.db.transaction(async (tx) => {
      const l = await insertLevel(tx, {
        code: body.code,
        name: body.name,
        color: body.color,
        severity: body.severity,
        sortOrder: body.sort_order,
        updatedAt: this.ctx.now(),
      });
      await writeAudit(tx, actor, {
        action: 'alert-level.create',
        entityType: 'alert_level',
        entityId: l.levelId,
        after: levelAudit({ ...body, sortOrder: body.sort_order }),
      });
      return l;
    });
    await this.master.changed('alert-levels');
    return presentLevel(row);
  }

  async updateLevel(actor: Actor, id: number, body: TAlertLevelUpdate): Promise<TAlertLevel> {
    const current = await findLevel(this.db, id);
    if (!current) throw notFound('Alert level not found');
    if (body.code !== undefined && (await levelCodeTaken(this.db, body.code, id))) throw badRequest({ code: 'An alert level with this code already exists' });
    const next = {
      code: body.code ?? current.code,
      name: body.name ?? current.name,
      color: body.color ?? current.color,
      severity: body.severity ?? current.severity,
      sortOrder: body.sort_order ?? current.sortOrder,
    };
    const diff = changedFields(levelAudit(current), levelAudit(next));
    if (Object.keys(diff.after).length > 0) {
      await this.db.transaction(async (tx) => {
        await updateLevel(tx, id, { ...next, updatedAt: this.ctx.now() });
        await writeAudit(tx, actor, { action: 'alert-level.update', entityType: 'alert_level', entityId: id, ...diff });
      });
      await this.master.changed('alert-levels');
    }
    return presentLevel({ ...current, ...next });
  }

  async deleteLevel(actor: Actor, id: number): Promise<{ ok: true }> {
    const current = await findLevel(this.db, id);
    if (!current) throw notFound('Alert level not found');
    const n = await thresholdsOfLevel(this.db, id);
    if (n > 0) throw conflict(`${n} threshold(s) are set at this level: remove them first`);
    await this.db.transaction(async (tx) => {
      await deleteLevel(tx, id);
      await writeAudit(tx, actor, { action: 'alert-level.delete', entityType: 'alert_level', entityId: id, before: levelAudit(current) });
    });
    await this.master.changed('alert-levels');
    return { ok: true };
  }

  // ---- icons ----
  async icons(): Promise<TInstrumentIcons> {
    const [types, levels] = await Promise.all([listTypes(this.db), listLevels(this.db)]);
    return {
      icons: [...INSTRUMENT_ICONS],
      records: types.map((t) => ({ type_code: t.type.code, name: t.type.name, icon: t.type.icon, icon_color: t.type.iconColor })),
      level_colors: levels.map((l) => ({ code: l.code, color: l.color, severity: l.severity })),
    };
  }

  async setIcon(actor: Actor, typeCode: string, body: TInstrumentIconRequest): Promise<TInstrumentIcons> {
    const t = await findType(this.db, { code: typeCode });
    if (!t) throw notFound('Instrument type not found');
    const next = { icon: body.icon, iconColor: body.icon_color ?? t.type.iconColor };
    const diff = changedFields({ icon: t.type.icon, icon_color: t.type.iconColor }, { icon: next.icon, icon_color: next.iconColor });
    if (Object.keys(diff.after).length > 0) {
      await this.db.transaction(async (tx) => {
        await updateType(tx, t.type.typeId, { ...next, updatedAt: this.ctx.now() });
        await writeAudit(tx, actor, { action: 'instrument-type.icon', entityType: 'instrument_type', entityId: t.type.typeId, ...diff });
      });
      await this.master.changed('icons');
    }
    return this.icons();
  }
}
