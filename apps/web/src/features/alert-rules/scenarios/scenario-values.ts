import { SCENARIO_ALERT_KINDS, ZAlertScenarioBody, type ScenarioAlertKind, type TAlertScenario, type TAlertScenarioBody } from '@strata/shared';
import { z } from 'zod';
import { numberText, typedNumber } from '../components/numbers';

/** A scenario as the form holds it: the contract as a select value, the rule's numbers as typed. */
export interface ScenarioFormValues {
  contract_id: string;
  name: string;
  description: string;
  kind: ScenarioAlertKind;
  rule: { instrument_ids: number[]; group_ids: number[]; level_code: string; min_count: string; within_hours: string };
  active: boolean;
}

export function emptyScenario(contractId: number | undefined): ScenarioFormValues {
  return {
    contract_id: contractId === undefined ? '' : String(contractId),
    name: '',
    description: '',
    kind: 'scenario',
    rule: { instrument_ids: [], group_ids: [], level_code: '', min_count: '', within_hours: '24' },
    active: true,
  };
}

export function toScenarioForm(s: TAlertScenario): ScenarioFormValues {
  return {
    contract_id: String(s.contract_id),
    name: s.name,
    description: s.description,
    kind: s.kind,
    rule: {
      instrument_ids: [...s.rule.instrument_ids],
      group_ids: [...s.rule.group_ids],
      level_code: s.rule.level_code,
      min_count: numberText(s.rule.min_count),
      within_hours: numberText(s.rule.within_hours),
    },
    active: s.active,
  };
}

/** An i18n key: the form's error map keeps a key and the field translates it (docs/decisions/029-form-messages.md). */
const required = 'alertRules.validation.required';

/** The form's check (the server checks again, e.g. that instruments are of the contract): the create body. */
export const ZScenarioForm = z
  .object({
    contract_id: z.string().regex(/^\d+$/, 'alertRules.group.chooseContract'),
    // Name and description as the API checks them (shared `ZAlertScenarioBody`, its limits).
    name: ZAlertScenarioBody.shape.name,
    description: ZAlertScenarioBody.shape.description.unwrap(),
    kind: z.enum(SCENARIO_ALERT_KINDS),
    rule: z.object({
      instrument_ids: z.array(z.number()),
      group_ids: z.array(z.number()),
      level_code: z.string().min(1, required),
      min_count: typedNumber({ integer: true, min: 1, required: true }),
      within_hours: typedNumber({ min: 0.25, required: true }),
    }),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'contract' && v.rule.instrument_ids.length === 0 && v.rule.group_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['rule', 'instrument_ids'], message: 'alertRules.scenario.coverRequired' });
    }
  })
  .transform((v): TAlertScenarioBody => ({
    contract_id: Number(v.contract_id),
    name: v.name,
    description: v.description,
    kind: v.kind,
    rule: { ...v.rule, min_count: v.rule.min_count!, within_hours: v.rule.within_hours! },
    active: v.active,
  }));
