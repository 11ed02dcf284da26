import { z } from 'zod';
import { encodeMessage } from '../../../lib/zod-messages';

const NUMBER = /^-?\d*\.?\d+$/;

/**
 * A number typed in a text field: '' is `undefined` (the default applies) unless `required`; otherwise a number,
 * whole when `integer`, at least `min`. Its messages are i18n keys (with parameters) the fields translate.
 */
export function typedNumber({ integer = false, min, required = false }: { integer?: boolean; min?: number; required?: boolean } = {}) {
  return z.string().transform((text, ctx): number | undefined => {
    const value = text.trim();
    if (value === '') {
      if (required) ctx.addIssue({ code: 'custom', message: 'alertRules.validation.required' });
      return undefined;
    }
    const n = Number(value);
    if (!NUMBER.test(value) || !Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: 'validation.number' });
    else if (integer && !Number.isInteger(n)) ctx.addIssue({ code: 'custom', message: 'validation.integer' });
    else if (min !== undefined && n < min) ctx.addIssue({ code: 'custom', message: encodeMessage('validation.numberTooSmall', { minimum: min }) });
    return n;
  });
}

/** A number as the form shows it ('' for none). */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
