import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TMonitoringGroup } from '@strata/shared';
import { useCallback, useMemo } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '../../../components/query-states';
import { useConfig } from '../../../lib/config';
import { translateMessage } from '../../../lib/i18n';
import { idOrUndefined } from '../../../lib/page-nav';
import { useContractInstruments, useInstrumentLevels } from '../api/options';
import { GroupMap, MEMBER_COLOR } from './group-map';
import type { GroupFormValues } from './group-values';
import { MemberList } from './member-list';

/**
 * The members of the group being edited: the contract's instruments as a searchable check list and on the map; a
 * tick or a click on the map adds or removes one. Levels are each instrument's current one (the alerts' instrument
 * status; for a user who may not read it, the levels the group's members had when it loaded).
 */
export function GroupMembers({ group }: { group?: TMonitoringGroup }) {
  const { t } = useTranslation();
  const config = useConfig();
  const { setValue, getValues } = useFormContext<GroupFormValues>();
  const contractId = idOrUndefined(useWatch<GroupFormValues, 'contract_id'>({ name: 'contract_id' }));
  const ids = useWatch<GroupFormValues, 'instrument_ids'>({ name: 'instrument_ids' });
  const { errors } = useFormState<GroupFormValues>({ name: 'instrument_ids' });
  const members = useMemo(() => new Set(ids), [ids]);
  const instruments = useContractInstruments(contractId);
  const levels = useInstrumentLevels(contractId);
  const colors = useMemo(() => new Map((config.data?.thresholds ?? []).map((l) => [l.code, l.color])), [config.data]);
  const levelCodeOf = useCallback(
    (id: number) => (levels.data ? (levels.data.get(id) ?? null) : (group?.members.find((m) => m.instrument_id === id)?.level_code ?? null)),
    [levels.data, group],
  );
  const levelOf = (id: number) => {
    const code = levelCodeOf(id);
    return code ? { code, color: colors.get(code) ?? '#757575' } : null;
  };
  const colorOf = useCallback((id: number) => colors.get(levelCodeOf(id) ?? '') ?? MEMBER_COLOR, [colors, levelCodeOf]);
  const toggle = useCallback(
    (id: number) => {
      const current = getValues('instrument_ids');
      const next = current.includes(id) ? current.filter((m) => m !== id) : [...current, id];
      setValue('instrument_ids', next, { shouldDirty: true, shouldValidate: true });
    },
    [getValues, setValue],
  );

  if (contractId === undefined) return <Typography color="text.secondary">{t('alertRules.group.contractFirst')}</Typography>;
  if (instruments.isError) return <LoadError error={instruments.error} onRetry={() => void instruments.refetch()} />;
  if (!instruments.data) return <Loading />;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" aria-live="polite" data-testid="member-count">
        {t('alertRules.group.memberCount', { count: ids.length })}
      </Typography>
      {errors.instrument_ids?.message && <FormHelperText error>{translateMessage(errors.instrument_ids.message)}</FormHelperText>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
        <MemberList instruments={instruments.data} members={members} levelOf={levelOf} onToggle={toggle} />
        <GroupMap label={t('alertRules.group.map')} instruments={instruments.data} members={members} colorOf={colorOf} onToggle={toggle} />
      </Box>
    </Stack>
  );
}
