import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { TMonitoringGroup, TMonitoringGroupBody } from '@strata/shared';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppAlert } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { Section } from '../../../components/section';
import { useActiveContractIds, useContractList } from '../../../lib/active-contracts';
import { idOrUndefined } from '../../../lib/page-nav';
import { useDeleteGroup, useGroup, useSaveGroup } from '../api/groups';
import { LevelField, SwitchField } from '../components/form-fields';
import { EditorButtons } from '../components/editor-buttons';
import { useEditorActions } from '../components/use-editor-actions';
import { GROUPS_PATH } from '../paths';
import { GroupMembers } from './group-members';
import { emptyGroup, toGroupForm, ZGroupForm, type GroupFormValues } from './group-values';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } } as const;

/** The rule's fields, shown when the group has a rule. */
function RuleFields() {
  const { t } = useTranslation();
  const hasRule = useWatch<GroupFormValues, 'has_rule'>({ name: 'has_rule' });
  return (
    <Stack spacing={2}>
      <SwitchField name="has_rule" label={t('alertRules.group.hasRule')} />
      {hasRule && (
        <Box sx={GRID}>
          <SafeTextField size="small" name="rule.min_count" label={t('alertRules.rule.minCount')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <LevelField name="rule.level_code" label={t('alertRules.rule.level')} />
          <SafeTextField size="small" name="rule.within_hours" label={t('alertRules.rule.withinHours')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        </Box>
      )}
    </Stack>
  );
}

/** A new group's members are instruments of its contract: choosing another contract starts them afresh. */
function ClearMembersOnContractChange({ onChange }: { onChange: () => void }) {
  const contract = useWatch<GroupFormValues, 'contract_id'>({ name: 'contract_id' });
  const first = useRef(contract);
  useEffect(() => {
    if (contract !== first.current) onChange();
    first.current = contract;
  }, [contract, onChange]);
  return null;
}

function GroupForm({ values, group }: { values: GroupFormValues; group?: TMonitoringGroup }) {
  const { t } = useTranslation();
  const { contracts } = useContractList();
  const form = useSafeForm<GroupFormValues, TMonitoringGroupBody>({ schema: ZGroupForm, defaultValues: values });
  const save = useSaveGroup();
  const remove = useDeleteGroup();
  const { onSubmit, onDelete } = useEditorActions<TMonitoringGroupBody>({
    existing: group ? { id: group.group_id, name: group.name } : undefined,
    save: (args) => save.mutateAsync(args),
    remove: (id) => remove.mutateAsync(id),
    listPath: GROUPS_PATH,
    strings: 'alertRules.group',
  });

  return (
    <SafeForm form={form} onSubmit={onSubmit} aria-label={t('alertRules.group.form')}>
      {!group && <ClearMembersOnContractChange onChange={() => form.setValue('instrument_ids', [])} />}
      <Section title={t('alertRules.group.details')}>
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 2fr)' } }}>
            <SafeTextField
              select
              size="small"
              name="contract_id"
              label={t('alertRules.group.contract')}
              disabled={Boolean(group)}
              helperText={group ? t('alertRules.group.contractFixed') : undefined}
            >
              {contracts.map((c) => (
                <MenuItem key={c.contract_id} value={String(c.contract_id)}>
                  {`${c.no} — ${c.title}`}
                </MenuItem>
              ))}
            </SafeTextField>
            <SafeTextField size="small" name="name" label={t('alertRules.group.name')} required />
          </Box>
          <SafeTextField size="small" name="description" label={t('alertRules.group.description')} multiline minRows={2} />
          <SwitchField name="active" label={t('alertRules.group.active')} />
        </Stack>
      </Section>
      <Section title={t('alertRules.group.rule')} subheader={t('alertRules.group.ruleText')}>
        <RuleFields />
      </Section>
      <Section title={t('alertRules.group.membersTitle')} subheader={t('alertRules.group.membersText')}>
        <GroupMembers group={group} />
      </Section>
      <EditorButtons canDelete={Boolean(group)} onDelete={onDelete} deleting={remove.isPending} saving={save.isPending} />
    </SafeForm>
  );
}

/**
 * `/dashboard/monitoring-group/{id}` and `/new` Manage Monitoring Group (spec §2.4; ManageMonitoringGroup): the
 * contract (fixed after create), name, description, an optional rule, active, and the members.
 */
export function GroupEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const groupId = idOrUndefined(id);
  const active = useActiveContractIds();
  const { contracts } = useContractList();
  const existing = useGroup(groupId);
  if (id !== undefined && groupId === undefined) return <AppAlert type="warning" message={t('alertRules.group.notFound')} />;
  if (groupId === undefined) {
    const first = active[0] ?? contracts[0]?.contract_id;
    return <GroupForm key="new" values={emptyGroup(first)} />;
  }
  if (existing.isError) return <LoadError error={existing.error} onRetry={() => void existing.refetch()} />;
  if (!existing.data) return <Loading />;
  return <GroupForm key={existing.data.group_id} values={toGroupForm(existing.data)} group={existing.data} />;
}
