import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { MONITORING_SECTIONS, type TMonitoringSection } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useReportInstrumentTypes } from '../../api';
import { LogoField } from './logo-field';

/** The most appendices a template holds (the contract's limit). */
export const MAX_APPENDICES = 20;
const PER_PAGE = [1, 2, 4, 6] as const;

interface OptionsProps<S extends TMonitoringSection> {
  section: S;
  onChange: (section: S) => void;
  /** A server or form error of one of the section's fields, by field name. */
  errorOf: (field: string) => string | undefined;
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return <FormControlLabel control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />} label={label} />;
}

function LongText({ label, value, onChange, error }: { label: string; value: string; onChange: (text: string) => void; error?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={3}
      fullWidth
      size="small"
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { maxLength: 20_000 } }}
    />
  );
}

function InstrumentTypesField({ value, onChange }: { value: readonly number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const types = useReportInstrumentTypes();
  const options = types.data ?? [];
  const chosen = options.filter((o) => value.includes(o.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={chosen}
      loading={types.isPending}
      getOptionLabel={(o) => `${o.code} — ${o.name}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, next) => onChange(next.map((o) => o.id))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('fullMonitoring.section.instrumentTypes')}
          error={types.isError}
          helperText={types.isError ? t('reporting.form.typesFailed') : t('reporting.form.allTypes')}
        />
      )}
    />
  );
}

type Appendices = Extract<TMonitoringSection, { kind: 'appendices' }>;

function AppendixItems({ section, onChange, errorOf }: OptionsProps<Appendices>) {
  const { t } = useTranslation();
  const set = (items: Appendices['items']) => onChange({ ...section, items });
  return (
    <Stack spacing={1.5}>
      {section.items.map((item, i) => (
        <Stack key={i} spacing={1} role="group" aria-label={t('fullMonitoring.section.appendix', { n: i + 1 })}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('fullMonitoring.section.appendixTitle', { n: i + 1 })}
              value={item.title}
              required
              size="small"
              fullWidth
              error={Boolean(errorOf(`items.${i}.title`))}
              helperText={errorOf(`items.${i}.title`)}
              onChange={(event) => set(section.items.map((x, j) => (j === i ? { ...x, title: event.target.value } : x)))}
            />
            <IconButton aria-label={t('fullMonitoring.section.removeAppendix', { n: i + 1 })} onClick={() => set(section.items.filter((_, j) => j !== i))}>
              <DeleteOutline />
            </IconButton>
          </Stack>
          <LongText
            label={t('fullMonitoring.section.appendixText', { n: i + 1 })}
            value={item.text}
            onChange={(text) => set(section.items.map((x, j) => (j === i ? { ...x, text } : x)))}
          />
        </Stack>
      ))}
      <Box>
        <Button startIcon={<Add />} disabled={section.items.length >= MAX_APPENDICES} onClick={() => set([...section.items, { title: '', text: '' }])}>
          {t('fullMonitoring.section.addAppendix')}
        </Button>
      </Box>
    </Stack>
  );
}

/** The options of one section, by its kind (ZMonitoringSection): every section may have its own heading. */
export function SectionOptions({ section, onChange, errorOf }: OptionsProps<TMonitoringSection>) {
  const { t } = useTranslation();
  const update = (patch: Partial<TMonitoringSection>) => onChange({ ...section, ...patch } as TMonitoringSection);
  const titleError = errorOf('title');
  return (
    <Stack spacing={1.5}>
      <TextField
        label={t('fullMonitoring.section.heading')}
        placeholder={MONITORING_SECTIONS[section.kind]}
        value={section.title ?? ''}
        size="small"
        fullWidth
        error={Boolean(titleError)}
        helperText={titleError ?? t('fullMonitoring.section.headingHint')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 200 } }}
        onChange={(event) => update({ title: event.target.value || undefined })}
      />
      {section.kind === 'cover' && (
        <>
          <TextField
            label={t('fullMonitoring.section.reportTitle')}
            value={section.report_title}
            required
            size="small"
            fullWidth
            error={Boolean(errorOf('report_title'))}
            helperText={errorOf('report_title')}
            onChange={(event) => update({ report_title: event.target.value })}
          />
          <LogoField value={section.logo} onChange={(logo) => update({ logo })} error={errorOf('logo')} />
          <Toggle
            label={t('fullMonitoring.section.revisionTable')}
            checked={section.revision_table}
            onChange={(revision_table) => update({ revision_table })}
          />
        </>
      )}
      {section.kind === 'executive-summary' && (
        <>
          <LongText label={t('fullMonitoring.section.text')} value={section.text} onChange={(text) => update({ text })} error={errorOf('text')} />
          <Toggle label={t('fullMonitoring.section.counts')} checked={section.counts} onChange={(counts) => update({ counts })} />
        </>
      )}
      {(section.kind === 'breach-log' || section.kind === 'action-log') && (
        <Toggle
          label={t(section.kind === 'breach-log' ? 'fullMonitoring.section.closedBreaches' : 'fullMonitoring.section.closedCases')}
          checked={section.include_closed}
          onChange={(include_closed) => update({ include_closed })}
        />
      )}
      {section.kind === 'type-tables' && (
        <InstrumentTypesField value={section.instrument_type_ids} onChange={(instrument_type_ids) => update({ instrument_type_ids })} />
      )}
      {section.kind === 'group-charts' && (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <TextField
            select
            size="small"
            label={t('fullMonitoring.section.groupBy')}
            value={section.group_by}
            onChange={(event) => update({ group_by: event.target.value as typeof section.group_by })}
          >
            <MenuItem value="instrument-type">{t('fullMonitoring.section.byType')}</MenuItem>
            <MenuItem value="monitoring-group">{t('fullMonitoring.section.byGroup')}</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            label={t('fullMonitoring.section.perPage')}
            value={String(section.per_page)}
            onChange={(event) => update({ per_page: Number(event.target.value) as typeof section.per_page })}
          >
            {PER_PAGE.map((n) => (
              <MenuItem key={n} value={String(n)}>
                {n}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
      {section.kind === 'site-photos' && (
        <TextField
          type="number"
          size="small"
          label={t('fullMonitoring.section.maxPhotos')}
          value={Number.isFinite(section.max_photos) ? section.max_photos : ''}
          error={Boolean(errorOf('max_photos'))}
          helperText={errorOf('max_photos') ?? t('fullMonitoring.section.maxPhotosHint')}
          slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
          onChange={(event) => update({ max_photos: event.target.value === '' ? Number.NaN : Number(event.target.value) })}
        />
      )}
      {section.kind === 'remarks' && (
        <LongText label={t('fullMonitoring.section.text')} value={section.text} onChange={(text) => update({ text })} error={errorOf('text')} />
      )}
      {section.kind === 'appendices' && <AppendixItems section={section} onChange={onChange} errorOf={errorOf} />}
    </Stack>
  );
}
