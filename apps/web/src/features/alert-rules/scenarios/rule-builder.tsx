import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SafeTextField } from '../../../components/safe-form';
import { idOrUndefined } from '../../../lib/page-nav';
import { useGroups } from '../api/groups';
import { useContractInstruments } from '../api/options';
import { LevelField } from '../components/form-fields';
import { IdPicker } from '../components/id-picker';
import type { ScenarioFormValues } from './scenario-values';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } } as const;

/**
 * The rule of a scenario: which instruments it covers (listed ones and members of listed groups, of its contract;
 * kind contract: all of them), and N of them at a level or above within T hours.
 */
export function RuleBuilder() {
  const { t } = useTranslation();
  const contractId = idOrUndefined(useWatch<ScenarioFormValues, 'contract_id'>({ name: 'contract_id' }));
  const kind = useWatch<ScenarioFormValues, 'kind'>({ name: 'kind' });
  const instruments = useContractInstruments(contractId);
  const groups = useGroups(contractId === undefined ? null : { contracts: JSON.stringify([contractId]), limit: 1000, skip: 0 }, true);
  const wholeContract = kind === 'contract';
  const coverHelp = wholeContract ? t('alertRules.scenario.wholeContract') : t('alertRules.scenario.coverHelp');
  return (
    <Stack spacing={2}>
      <IdPicker
        name="rule.instrument_ids"
        label={t('alertRules.scenario.instruments')}
        options={(instruments.data ?? []).map((i) => ({ id: i.instrument_id, label: i.name }))}
        loading={instruments.isFetching}
        unavailable={instruments.error ? t('alertRules.picker.unavailable') : null}
        helperText={coverHelp}
        disabled={wholeContract || contractId === undefined}
      />
      <IdPicker
        name="rule.group_ids"
        label={t('alertRules.scenario.groups')}
        options={(groups.data?.records ?? []).map((g) => ({ id: g.group_id, label: g.name }))}
        loading={groups.isFetching}
        unavailable={groups.error ? t('alertRules.picker.unavailable') : null}
        helperText={coverHelp}
        disabled={wholeContract || contractId === undefined}
      />
      <Box sx={GRID}>
        <SafeTextField size="small" name="rule.min_count" label={t('alertRules.rule.minCount')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <LevelField name="rule.level_code" label={t('alertRules.rule.level')} />
        <SafeTextField size="small" name="rule.within_hours" label={t('alertRules.rule.withinHours')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      </Box>
    </Stack>
  );
}
