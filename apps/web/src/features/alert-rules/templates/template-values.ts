import {
  ALERT_CHANNELS,
  ALERT_KINDS,
  ALERT_TEMPLATE_CATEGORIES,
  READING_CODE_LIMITS,
  ZAlertTemplateBody,
  type AlertTemplateCategory,
  type TAlertParameters,
  type TAlertTemplate,
  type TAlertTemplateBody,
} from '@strata/shared';
import { z } from 'zod';
import { numberText, typedNumber } from '../components/numbers';

/** The template as the form holds it: numbers as typed ('' = the default), minimum changes as rows. */
export interface TemplateFormValues {
  name: string;
  category: AlertTemplateCategory;
  kinds: string[];
  levels: string[];
  contract_ids: number[];
  instrument_ids: number[];
  group_ids: number[];
  scenario_ids: number[];
  role_ids: number[];
  user_ids: number[];
  channels: string[];
  parameters: {
    min_change_default: string;
    min_change: { code: string; value: string }[];
    spike: { factor: string; history: string };
    stagnant: { count: string };
    fluctuated: { reversals: string; window: string };
    missing: { grace_minutes: string };
  };
  active: boolean;
}

export function emptyTemplate(category: AlertTemplateCategory): TemplateFormValues {
  return {
    name: '',
    category,
    kinds: [],
    levels: [],
    contract_ids: [],
    instrument_ids: [],
    group_ids: [],
    scenario_ids: [],
    role_ids: [],
    user_ids: [],
    channels: [...ALERT_CHANNELS],
    parameters: {
      min_change_default: '',
      min_change: [],
      spike: { factor: '', history: '' },
      stagnant: { count: '' },
      fluctuated: { reversals: '', window: '' },
      missing: { grace_minutes: '' },
    },
    active: true,
  };
}

export function toTemplateForm(t: TAlertTemplate): TemplateFormValues {
  const p = t.parameters;
  return {
    ...emptyTemplate(t.category),
    name: t.name,
    kinds: [...t.kinds],
    levels: [...t.levels],
    contract_ids: [...t.contract_ids],
    instrument_ids: [...t.instrument_ids],
    group_ids: [...t.group_ids],
    scenario_ids: [...t.scenario_ids],
    role_ids: [...t.role_ids],
    user_ids: [...t.user_ids],
    channels: [...t.channels],
    parameters: {
      min_change_default: numberText(p.min_change_default),
      min_change: Object.entries(p.min_change ?? {}).map(([code, value]) => ({ code, value: String(value) })),
      spike: { factor: numberText(p.spike?.factor), history: numberText(p.spike?.history) },
      stagnant: { count: numberText(p.stagnant?.count) },
      fluctuated: { reversals: numberText(p.fluctuated?.reversals), window: numberText(p.fluctuated?.window) },
      missing: { grace_minutes: numberText(p.missing?.grace_minutes) },
    },
    active: t.active,
  };
}

/** Leaves out the parts with nothing given, so the defaults (or wider templates) apply to them. */
function compact<T extends Record<string, number | undefined>>(part: T): Partial<T> | undefined {
  const entries = Object.entries(part).filter(([, v]) => v !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as Partial<T>) : undefined;
}

const ZParameterFields = z.object({
  min_change_default: typedNumber({ min: 0 }),
  // A row's reading code as long as a reading code may be (shared `READING_CODE_LIMITS`); an empty row is left out.
  min_change: z.array(z.object({ code: z.string().trim().max(READING_CODE_LIMITS.code), value: typedNumber({ min: 0 }) })),
  spike: z.object({ factor: typedNumber({ min: 1 }), history: typedNumber({ integer: true, min: 3 }) }),
  stagnant: z.object({ count: typedNumber({ integer: true, min: 2 }) }),
  fluctuated: z.object({ reversals: typedNumber({ integer: true, min: 1 }), window: typedNumber({ integer: true, min: 3 }) }),
  missing: z.object({ grace_minutes: typedNumber({ integer: true, min: 0 }) }),
});

/** The form's check (the server checks again): the body the API takes. */
export const ZTemplateForm = z
  .object({
    // As the API checks it (shared `ZAlertTemplateBody`, its limit).
    name: ZAlertTemplateBody.shape.name,
    category: z.enum(ALERT_TEMPLATE_CATEGORIES),
    kinds: z.array(z.enum(ALERT_KINDS)),
    levels: z.array(z.string()),
    contract_ids: z.array(z.number()),
    instrument_ids: z.array(z.number()),
    group_ids: z.array(z.number()),
    scenario_ids: z.array(z.number()),
    role_ids: z.array(z.number()),
    user_ids: z.array(z.number()),
    channels: z.array(z.enum(ALERT_CHANNELS)).min(1, 'alertRules.template.channelsRequired'),
    parameters: ZParameterFields,
    active: z.boolean(),
  })
  .transform((v): TAlertTemplateBody => {
    const p = v.parameters;
    const minChange = Object.fromEntries(
      p.min_change.filter((row) => row.code !== '' && row.value !== undefined).map((row) => [row.code.toUpperCase(), row.value!]),
    );
    const parameters: TAlertParameters = {};
    if (Object.keys(minChange).length > 0) parameters.min_change = minChange;
    if (p.min_change_default !== undefined) parameters.min_change_default = p.min_change_default;
    const spike = compact(p.spike);
    const stagnant = compact(p.stagnant);
    const fluctuated = compact(p.fluctuated);
    const missing = compact(p.missing);
    if (spike) parameters.spike = spike;
    if (stagnant) parameters.stagnant = stagnant;
    if (fluctuated) parameters.fluctuated = fluctuated;
    if (missing) parameters.missing = missing;
    return { ...v, parameters };
  });
