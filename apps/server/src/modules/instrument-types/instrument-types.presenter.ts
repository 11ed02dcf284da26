/** How instrument types, reading codes and alert levels look in the API and in audit rows. */
import { type TAlertLevel, type TInstrumentType, type TReadingCode, type TReadingCodeBody } from '@strata/shared';
import { type AlertLevelRow, type ReadingCodeRow, type TypeWithCodes } from './instrument-types.repository.js';

export function presentReadingCode(c: ReadingCodeRow): TReadingCode {
  return {
    reading_code_id: c.readingCodeId,
    code: c.code,
    description: c.description,
    unit: c.unit,
    is_result: c.isResult,
    precision: c.precision,
    min_value: c.minValue,
    max_value: c.maxValue,
    sort_order: c.sortOrder,
  };
}

export function presentType(t: TypeWithCodes): TInstrumentType {
  return {
    type_id: t.type.typeId,
    code: t.type.code,
    name: t.type.name,
    category_id: t.type.categoryId,
    category_name: t.categoryName,
    icon: t.type.icon,
    icon_color: t.type.iconColor,
    lta_code: t.type.ltaCode,
    has_depth: t.type.hasDepth,
    reading_codes: t.codes.map(presentReadingCode),
    instrument_count: t.instrumentCount,
  };
}

export function presentLevel(l: AlertLevelRow): TAlertLevel {
  return { level_id: l.levelId, code: l.code, name: l.name, color: l.color, severity: l.severity, sort_order: l.sortOrder };
}

// Audit keys never end in "code": the audit redacts such fields (one-time codes).
export const typeAudit = (t: {
  code?: string;
  name?: string;
  categoryId?: number | null;
  icon?: string;
  iconColor?: string;
  ltaCode?: string | null;
  hasDepth?: boolean;
}) => ({
  type: t.code,
  name: t.name,
  category_id: t.categoryId,
  icon: t.icon,
  icon_color: t.iconColor,
  lta: t.ltaCode,
  has_depth: t.hasDepth,
});

export const codeAudit = (c: {
  code: string;
  description: string;
  unit: string;
  isResult: boolean;
  precision: number;
  minValue: number | null;
  maxValue: number | null;
  sortOrder: number;
}) => ({
  reading: c.code,
  description: c.description,
  unit: c.unit,
  is_result: c.isResult,
  precision: c.precision,
  min_value: c.minValue,
  max_value: c.maxValue,
  sort_order: c.sortOrder,
});

export const levelAudit = (l: { code: string; name: string; color: string; severity: number; sortOrder: number }) => ({
  level: l.code,
  name: l.name,
  color: l.color,
  severity: l.severity,
  sort_order: l.sortOrder,
});

export const codeValues = (typeId: number, c: TReadingCodeBody) => ({
  typeId,
  code: c.code,
  description: c.description,
  unit: c.unit,
  isResult: c.is_result,
  precision: c.precision,
  minValue: c.min_value,
  maxValue: c.max_value,
  sortOrder: c.sort_order,
});
