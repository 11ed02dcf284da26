import { ZMonitoringGroupBody, type TMonitoringGroup, type TMonitoringGroupBody } from '@strata/shared';
import { z } from 'zod';
import { numberText, typedNumber } from '../components/numbers';

/** A monitoring group as the form holds it: the contract as a select value, the rule's numbers as typed. */
export interface GroupFormValues {
  contract_id: string;
  name: string;
  description: string;
  has_rule: boolean;
  rule: { min_count: string; level_code: string; within_hours: string };
  active: boolean;
  instrument_ids: number[];
}

export function emptyGroup(contractId: number | undefined): GroupFormValues {
  return {
    contract_id: contractId === undefined ? '' : String(contractId),
    name: '',
    description: '',
    has_rule: false,
    rule: { min_count: '', level_code: '', within_hours: '24' },
    active: true,
    instrument_ids: [],
  };
}

export function toGroupForm(g: TMonitoringGroup): GroupFormValues {
  return {
    contract_id: String(g.contract_id),
    name: g.name,
    description: g.description,
    has_rule: g.rule !== null,
    rule: g.rule
      ? { min_count: numberText(g.rule.min_count), level_code: g.rule.level_code, within_hours: numberText(g.rule.within_hours) }
      : { min_count: '', level_code: '', within_hours: '24' },
    active: g.active,
    instrument_ids: [...g.instrument_ids],
  };
}

/** An i18n key: the form's error map keeps a key and the field translates it (docs/decisions/029-form-messages.md). */
const required = 'alertRules.validation.required';

/** The rule's three fields, each required (the rule is optional as a whole). */
export const ZRuleFields = z.object({
  min_count: typedNumber({ integer: true, min: 1, required: true }),
  level_code: z.string().min(1, required),
  within_hours: typedNumber({ min: 0.25, required: true }),
});

/** The form's check; the output is the create body (the editor leaves out the contract when it saves a change). */
export const ZGroupForm = z
  .object({
    contract_id: z.string().regex(/^\d+$/, 'alertRules.group.chooseContract'),
    // Name and description as the API checks them (shared `ZMonitoringGroupBody`, its limits).
    name: ZMonitoringGroupBody.shape.name,
    description: ZMonitoringGroupBody.shape.description.unwrap(),
    has_rule: z.boolean(),
    rule: z.object({ min_count: z.string(), level_code: z.string(), within_hours: z.string() }),
    active: z.boolean(),
    instrument_ids: z.array(z.number()),
  })
  .superRefine((v, ctx) => {
    if (!v.has_rule) return;
    const checked = ZRuleFields.safeParse(v.rule);
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: ['rule', ...issue.path], message: issue.message });
  })
  .transform((v): TMonitoringGroupBody => ({
    contract_id: Number(v.contract_id),
    name: v.name,
    description: v.description,
    rule: v.has_rule ? { min_count: Number(v.rule.min_count), level_code: v.rule.level_code, within_hours: Number(v.rule.within_hours) } : null,
    active: v.active,
    instrument_ids: v.instrument_ids,
  }));
