import type { TInstrumentType, TReadingCode, TReadingCodeBody } from '@strata/shared';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { typeCalls } from '../api/types';
import { idOrUndefined } from '../../../lib/page-nav';
import { parseDecimal } from '../shared/numbers';
import type { ReadingRow, TypeFormValues } from './type-form';

type Form = UseFormReturn<TypeFormValues, unknown, TypeFormValues>;

export function readingBody(row: ReadingRow, index: number): TReadingCodeBody {
  return {
    code: row.code.trim(),
    description: row.description.trim(),
    unit: row.unit.trim(),
    is_result: row.is_result,
    precision: Number(row.precision),
    min_value: parseDecimal(row.min_value) ?? null,
    max_value: parseDecimal(row.max_value) ?? null,
    sort_order: index,
  };
}

function typeFields(values: TypeFormValues) {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    category_id: idOrUndefined(values.category_id) ?? null,
    icon: values.icon,
    lta_code: values.lta_code.trim() || null,
    has_depth: values.has_depth,
  };
}

/** The create request of the form's values (the type with its reading codes, in one call). */
export function createBody(values: TypeFormValues) {
  return { ...typeFields(values), reading_codes: values.reading_codes.map(readingBody) };
}

/**
 * A failed call about one reading code row, as the form shows it: field errors move to that row's fields, a message
 * (e.g. 409 "2 threshold(s) use this reading code") is prefixed with the code.
 */
function rowError(error: unknown, index: number | null, code: string): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.fieldErrors && index !== null) {
    const body = Object.fromEntries(Object.entries(error.fieldErrors).map(([field, message]) => [`reading_codes.${index}.${field}`, message]));
    return new ApiError(error.status, body, error.message);
  }
  const message = `${code}: ${translateMessage(error.message)}`;
  return new ApiError(error.status, message, message);
}

function changed(current: TReadingCode, body: TReadingCodeBody): boolean {
  return (
    current.code !== body.code ||
    current.description !== body.description ||
    current.unit !== body.unit ||
    current.is_result !== body.is_result ||
    current.precision !== body.precision ||
    current.min_value !== body.min_value ||
    current.max_value !== body.max_value ||
    current.sort_order !== body.sort_order
  );
}

/**
 * Saves an edited type: its fields (`PUT /instrument-types/{id}`), then the reading codes row by row — removed
 * ones deleted (409 while thresholds use them), changed ones updated, new ones added. Each success is recorded in
 * the form (new ids) and in `saved` (what the server holds), so after a failure fixing the row and saving again
 * repeats nothing. Resolves with the type as the server then holds it.
 */
export async function saveEditedType(type: TInstrumentType, values: TypeFormValues, form: Form, saved: { current: TReadingCode[] }): Promise<TInstrumentType> {
  await typeCalls.update(type.type_id, typeFields(values));

  const kept = new Set(values.reading_codes.map((row) => row.id).filter((id): id is number => id !== null));
  for (const current of [...saved.current]) {
    if (kept.has(current.reading_code_id)) continue;
    try {
      await typeCalls.deleteReadingCode(current.reading_code_id);
    } catch (error) {
      throw rowError(error, null, current.code);
    }
    saved.current = saved.current.filter((c) => c.reading_code_id !== current.reading_code_id);
  }

  for (const [index, row] of values.reading_codes.entries()) {
    const body = readingBody(row, index);
    const current = row.id === null ? undefined : saved.current.find((c) => c.reading_code_id === row.id);
    try {
      if (current) {
        if (!changed(current, body)) continue;
        const updated = await typeCalls.updateReadingCode(current.reading_code_id, body);
        saved.current = saved.current.map((c) => (c.reading_code_id === updated.reading_code_id ? updated : c));
      } else {
        const created = await typeCalls.addReadingCode(type.type_id, body);
        form.setValue(`reading_codes.${index}.id`, created.reading_code_id);
        saved.current = [...saved.current, created];
      }
    } catch (error) {
      throw rowError(error, index, body.code);
    }
  }
  return typeCalls.get(type.type_id);
}
