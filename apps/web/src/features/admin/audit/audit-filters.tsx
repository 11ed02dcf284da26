import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isSafeText } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange, isDateRangeOption, type DateRangeValue } from '../../../components/date-range';
import { useCan } from '../../../lib/use-can';
import { idOrUndefined } from '../../../lib/page-nav';
import { Section } from '../../../components/section';
import { UserPicker } from './user-picker';

export const AUDIT_FILTER_KEYS = ['user', 'action', 'entity', 'keyword', 'range', 'from', 'to'] as const;
export type AuditFilterValues = Record<(typeof AUDIT_FILTER_KEYS)[number], string>;

/** The URL filters as the API's (`/audit-logs` and the audit-logs export). */
export function auditQuery(values: AuditFilterValues) {
  return {
    user_id: idOrUndefined(values.user),
    action: values.action || undefined,
    entity_type: values.entity || undefined,
    keyword: values.keyword || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
  };
}

function rangeOf(values: AuditFilterValues): DateRangeValue {
  return { option: isDateRangeOption(values.range) ? values.range : 'none', start: values.from || null, end: values.to || null };
}

/**
 * Filter (spec §2 audit log): user, action (a prefix), entity type, date range (the DateRange widget) and keyword.
 * The fields are a draft until Apply (or Enter in a text field); then they go to the URL.
 */
export function AuditFilters({ values, onApply }: { values: AuditFilterValues; onApply: (values: AuditFilterValues) => void }) {
  const { t } = useTranslation();
  const canSearchUsers = useCan('SearchUsers');
  const [draft, setDraft] = useState(values);
  const set = (changes: Partial<AuditFilterValues>) => setDraft((d) => ({ ...d, ...changes }));
  const unsafe = [draft.action, draft.entity, draft.keyword].some((v) => !isSafeText(v));
  const apply = () => {
    if (!unsafe) onApply({ ...draft, action: draft.action.trim(), entity: draft.entity.trim(), keyword: draft.keyword.trim() });
  };
  const text = (name: 'action' | 'entity' | 'keyword', label: string, helper?: string) => (
    <TextField
      size="small"
      label={label}
      value={draft[name]}
      error={!isSafeText(draft[name])}
      helperText={!isSafeText(draft[name]) ? t('messages.maliciousInput') : helper}
      onChange={(event) => set({ [name]: event.target.value })}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      fullWidth
    />
  );
  const range = rangeOf(draft);
  return (
    <Section title={t('admin.audit.filterTitle')}>
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
          {canSearchUsers && (
            <UserPicker label={t('admin.audit.userFilter')} value={idOrUndefined(draft.user)} onChange={(id) => set({ user: id ? String(id) : '' })} />
          )}
          {text('action', t('admin.audit.actionFilter'), t('admin.audit.actionHint'))}
          {text('entity', t('admin.audit.entityFilter'))}
          {text('keyword', t('admin.audit.keyword'))}
        </Box>
        <DateRange value={range} onChange={(next) => set({ range: next.option === 'none' ? '' : next.option, from: next.start ?? '', to: next.end ?? '' })} />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={apply} disabled={unsafe}>
            {t('admin.common.apply')}
          </Button>
          <Button
            onClick={() => {
              const empty = Object.fromEntries(AUDIT_FILTER_KEYS.map((k) => [k, ''])) as AuditFilterValues;
              setDraft(empty);
              onApply(empty);
            }}
          >
            {t('admin.common.clear')}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}
