import { z } from 'zod';
import { i18n } from '../../../lib/i18n';

const NUMBER = /^-?\d*\.?\d+$/;

/**
 * A number typed in a text field: '' is `undefined` (the default applies) unless `required`; otherwise a number,
 * whole when `integer`, at least `min`.
 */
export function typedNumber({ integer = false, min, required = false }: { integer?: boolean; min?: number; required?: boolean } = {}) {
  return z.string().transform((text, ctx): number | undefined => {
    const value = text.trim();
    if (value === '') {
      if (required) ctx.addIssue({ code: 'custom', message: i18n.t('alertRules.validation.required') });
      return undefined;
    }
    const n = Number(value);
    if (!NUMBER.test(value) || !Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: i18n.t('alertRules.validation.number') });
    else if (integer && !Number.isInteger(n)) ctx.addIssue({ code: 'custom', message: i18n.t('alertRules.validation.integer') });
    else if (min !== undefined && n < min) ctx.addIssue({ code: 'custom', message: i18n.t('alertRules.validation.min', { min }) });
    return n;
  });
}

/** A number as the form shows it ('' for none). */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
