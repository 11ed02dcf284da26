import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractList } from '../../../lib/active-contracts';
import { useGroups } from '../api/groups';
import { contractsParam } from '../api/keys';
import { useInstrumentNames, useInstrumentSearch, useRoles, useUserNames, useUserSearch } from '../api/options';
import { useScenarios } from '../api/scenarios';
import { IdPicker } from '../components/id-picker';
import type { TemplateFormValues } from './template-values';

/** What a template covers: contracts, then narrowing by instruments, monitoring groups and scenarios. */
export function CoverageFields() {
  const { t } = useTranslation();
  const { contracts } = useContractList();
  const chosen = useWatch<TemplateFormValues, 'contract_ids'>({ name: 'contract_ids' });
  const instrumentIds = useWatch<TemplateFormValues, 'instrument_ids'>({ name: 'instrument_ids' });
  const scope = chosen.length > 0 ? (contractsParam(chosen) ?? undefined) : undefined;
  const [keyword, setKeyword] = useState('');
  const instruments = useInstrumentSearch(keyword, scope);
  const instrumentNames = useInstrumentNames(instrumentIds);
  const groups = useGroups({ contracts: scope, limit: 1000, skip: 0 }, true);
  const scenarios = useScenarios({ contracts: scope, limit: 1000, skip: 0 }, true);
  const unavailable = (error: unknown) => (error ? t('alertRules.picker.unavailable') : null);
  return (
    <>
      <IdPicker
        name="contract_ids"
        label={t('alertRules.template.contracts')}
        options={contracts.map((c) => ({ id: c.contract_id, label: `${c.no} — ${c.title}` }))}
        helperText={t('alertRules.template.contractsHelp')}
      />
      <IdPicker
        name="instrument_ids"
        label={t('alertRules.template.instruments')}
        options={(instruments.data?.records ?? []).map((i) => ({ id: i.instrument_id, label: `${i.name} (${i.contract_no})` }))}
        known={instrumentNames}
        onSearch={setKeyword}
        loading={instruments.isFetching}
        unavailable={unavailable(instruments.error)}
        helperText={t('alertRules.template.narrowHelp')}
      />
      <IdPicker
        name="group_ids"
        label={t('alertRules.template.groups')}
        options={(groups.data?.records ?? []).map((g) => ({ id: g.group_id, label: `${g.name} (${g.contract_no})` }))}
        loading={groups.isFetching}
        unavailable={unavailable(groups.error)}
        helperText={t('alertRules.template.narrowHelp')}
      />
      <IdPicker
        name="scenario_ids"
        label={t('alertRules.template.scenarios')}
        options={(scenarios.data?.records ?? []).map((s) => ({ id: s.scenario_id, label: `${s.name} (${s.contract_no})` }))}
        loading={scenarios.isFetching}
        unavailable={unavailable(scenarios.error)}
        helperText={t('alertRules.template.narrowHelp')}
      />
    </>
  );
}

/** Who is told: users holding the roles and the users; both empty is the default rule (decision 016). */
export function RecipientFields() {
  const { t } = useTranslation();
  const userIds = useWatch<TemplateFormValues, 'user_ids'>({ name: 'user_ids' });
  const roles = useRoles();
  const [keyword, setKeyword] = useState('');
  const users = useUserSearch(keyword);
  const userNames = useUserNames(userIds);
  return (
    <>
      <IdPicker
        name="role_ids"
        label={t('alertRules.template.roles')}
        options={(roles.data?.records ?? []).map((r) => ({ id: r.role_id, label: r.name }))}
        loading={roles.isFetching}
        unavailable={roles.error ? t('alertRules.picker.unavailable') : null}
        helperText={t('alertRules.template.defaultRuleHelp')}
      />
      <IdPicker
        name="user_ids"
        label={t('alertRules.template.users')}
        options={(users.data?.records ?? []).map((u) => ({ id: u.user_id, label: `${u.fullname} (${u.login_name})` }))}
        known={userNames}
        onSearch={setKeyword}
        loading={users.isFetching}
        unavailable={users.error ? t('alertRules.picker.unavailable') : null}
        helperText={t('alertRules.template.usersHelp')}
      />
    </>
  );
}
