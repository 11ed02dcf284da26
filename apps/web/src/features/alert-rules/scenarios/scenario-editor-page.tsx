import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { SCENARIO_ALERT_KINDS, type TAlertScenario, type TAlertScenarioBody } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppAlert } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { Section } from '../../../components/section';
import { useActiveContractIds, useContractList } from '../../../lib/active-contracts';
import { idOrUndefined } from '../../../lib/page-nav';
import { useDeleteScenario, useSaveScenario, useScenario } from '../api/scenarios';
import { SwitchField } from '../components/form-fields';
import { EditorButtons } from '../components/editor-buttons';
import { useEditorActions } from '../components/use-editor-actions';
import { SCENARIOS_PATH } from '../paths';
import { PreviewSection } from './preview-section';
import { RuleBuilder } from './rule-builder';
import { emptyScenario, toScenarioForm, ZScenarioForm, type ScenarioFormValues } from './scenario-values';

function ScenarioForm({ values, scenario }: { values: ScenarioFormValues; scenario?: TAlertScenario }) {
  const { t } = useTranslation();
  const { contracts } = useContractList();
  const form = useSafeForm<ScenarioFormValues, TAlertScenarioBody>({ schema: ZScenarioForm, defaultValues: values });
  const save = useSaveScenario();
  const remove = useDeleteScenario();
  const { onSubmit, onDelete } = useEditorActions<TAlertScenarioBody>({
    existing: scenario ? { id: scenario.scenario_id, name: scenario.name } : undefined,
    save: (args) => save.mutateAsync(args),
    remove: (id) => remove.mutateAsync(id),
    listPath: SCENARIOS_PATH,
    strings: 'alertRules.scenario',
  });

  return (
    <SafeForm form={form} onSubmit={onSubmit} aria-label={t('alertRules.scenario.form')}>
      <Section title={t('alertRules.scenario.details')}>
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 2fr) minmax(0, 1fr)' } }}>
            <SafeTextField
              select
              size="small"
              name="contract_id"
              label={t('alertRules.scenario.contract')}
              disabled={Boolean(scenario)}
              helperText={scenario ? t('alertRules.group.contractFixed') : undefined}
            >
              {contracts.map((c) => (
                <MenuItem key={c.contract_id} value={String(c.contract_id)}>
                  {`${c.no} — ${c.title}`}
                </MenuItem>
              ))}
            </SafeTextField>
            <SafeTextField size="small" name="name" label={t('alertRules.scenario.name')} required />
            <SafeTextField select size="small" name="kind" label={t('alertRules.scenario.kind')}>
              {SCENARIO_ALERT_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`alertRules.scenarioKind.${k}`)}
                </MenuItem>
              ))}
            </SafeTextField>
          </Box>
          <SafeTextField size="small" name="description" label={t('alertRules.scenario.description')} multiline minRows={2} />
          <SwitchField name="active" label={t('alertRules.scenario.active')} />
        </Stack>
      </Section>
      <Section title={t('alertRules.scenario.rule')} subheader={t('alertRules.scenario.ruleText')}>
        <RuleBuilder />
      </Section>
      <PreviewSection />
      <EditorButtons canDelete={Boolean(scenario)} onDelete={onDelete} deleting={remove.isPending} saving={save.isPending} />
    </SafeForm>
  );
}

/**
 * `/dashboard/alert-scenarios/new` and `/dashboard/alert-scenarios/{id}` (spec §2.4; our path for editing, decision
 * 019): the scenario's contract (fixed after create), name, description, kind, rule and active, a Preview of the
 * last 30 days, save and delete.
 */
export function ScenarioEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const scenarioId = idOrUndefined(id);
  const active = useActiveContractIds();
  const { contracts } = useContractList();
  const existing = useScenario(scenarioId);
  if (id !== undefined && scenarioId === undefined) return <AppAlert type="warning" message={t('alertRules.scenario.notFound')} />;
  if (scenarioId === undefined) return <ScenarioForm key="new" values={emptyScenario(active[0] ?? contracts[0]?.contract_id)} />;
  if (existing.isError) return <LoadError error={existing.error} onRetry={() => void existing.refetch()} />;
  if (!existing.data) return <Loading />;
  return <ScenarioForm key={existing.data.scenario_id} values={toScenarioForm(existing.data)} scenario={existing.data} />;
}
