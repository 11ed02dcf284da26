import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZCustomTemplateBody, type TCustomTemplate, type TTemplateSection } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../components/feedback';
import { Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { ApiError } from '../../../lib/api-client';
import { useContractOptions } from '../../../lib/contract-options';
import { errorText } from '../../../lib/error-text';
import { useGo } from '../../../lib/page-nav';
import { useReportInstrumentTypes, useReportZones } from '../api';
import { LogoField } from '../full-monitoring/templates/logo-field';
import { MultiSelect } from '../generate/multi-select';
import { customTemplateEditPath, REPORTING_PATHS } from '../paths';
import { customTemplateKeys, saveCustomTemplate, useReportCatalog } from './api';
import { SectionPicker } from './section-picker';
import { picksOf, sectionsOf, type SectionPick } from './sections';
import { CUSTOM_REPORT_TYPES, issuesToErrors, type FormErrors } from './shared';
import { numberOrNull, TemplateOptionsFields, type TemplateOptions } from './template-options';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } };

/** The errors below `sections.` keyed by the rest of their path (the list's own under ''). */
function sectionErrors(errors: FormErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === 'sections') out[''] = message;
    else if (key.startsWith('sections.')) out[key.slice('sections.'.length)] = message;
  }
  return out;
}

function initialOptions(template?: TCustomTemplate): TemplateOptions {
  return {
    perPage: String(template?.chart.per_page ?? 2),
    yMin: template?.chart.y_min?.toString() ?? '',
    yMax: template?.chart.y_max?.toString() ?? '',
    decimals: template?.decimals?.toString() ?? '',
    lengthUnit: template?.length_unit ?? 'mm',
    language: template?.language ?? 'en',
  };
}

/**
 * A custom report template (spec §2.8 /report/customize/add and /edit/{id}): name, report type, contract (or all),
 * title, logo, header and footer text, the sections and columns of the type's catalog in the chosen order, default
 * instrument types and zones, chart options (when the type has charts), decimals, length unit and language. Checked
 * with the contract's schema before sending; the server's 400 field errors are shown at their fields.
 */
export function TemplateForm({ template }: { template?: TCustomTemplate }) {
  const { t } = useTranslation();
  const go = useGo();
  const toast = useToast();
  const client = useQueryClient();
  const contracts = useContractOptions();
  const [name, setName] = useState(template?.name ?? '');
  const [type, setType] = useState(template?.report_type ?? '');
  const [contractId, setContractId] = useState(template?.contract_id ? String(template.contract_id) : '');
  const [title, setTitle] = useState(template?.title ?? '');
  const [logo, setLogo] = useState<string | null>(template?.logo ?? null);
  const [header, setHeader] = useState(template?.header_text ?? '');
  const [footer, setFooter] = useState(template?.footer_text ?? '');
  const [picksByType, setPicksByType] = useState<Record<string, SectionPick[]>>({});
  const [typeIds, setTypeIds] = useState<number[]>(template?.instrument_type_ids ?? []);
  const [zoneIds, setZoneIds] = useState<number[]>(template?.zone_ids ?? []);
  const [options, setOptions] = useState<TemplateOptions>(() => initialOptions(template));
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const catalog = useReportCatalog(type);
  const saved: TTemplateSection[] = template && template.report_type === type ? template.sections : [];
  const picks = picksByType[type] ?? (catalog.data ? picksOf(catalog.data, saved) : null);
  const loaded = contracts.data ?? [];
  // The template's own contract stays offered even when the list no longer has it.
  const contractOptions =
    template?.contract_id && !loaded.some((c) => c.contract_id === template.contract_id)
      ? [{ contract_id: template.contract_id, no: template.contract_no ?? String(template.contract_id), title: '' }, ...loaded]
      : loaded;
  // A template for all contracts offers the zones of every contract the user may see.
  const zoneContracts = contractId ? [Number(contractId)] : contractOptions.map((c) => c.contract_id);
  const zones = useReportZones(zoneContracts);
  const zoneOptions = (zones.data ?? []).map((z) => ({ id: z.zone_id, label: z.name }));
  const instrumentTypes = useReportInstrumentTypes();
  const typeOptions = (instrumentTypes.data ?? []).map((x) => ({ id: x.id, label: `${x.code} — ${x.name}` }));

  const save = async () => {
    setFailure(null);
    const sections = picks ? sectionsOf(picks) : [];
    const local: FormErrors = {};
    if (picks && sections.length === 0) local.sections = t('customReports.sections.none');
    const parsed = ZCustomTemplateBody.safeParse({
      name,
      report_type: type,
      contract_id: contractId ? Number(contractId) : null,
      title,
      logo,
      header_text: header,
      footer_text: footer,
      sections,
      instrument_type_ids: typeIds,
      zone_ids: zoneIds.filter((id) => zoneOptions.length === 0 || zoneOptions.some((z) => z.id === id)),
      chart: { per_page: Number(options.perPage), y_min: numberOrNull(options.yMin), y_max: numberOrNull(options.yMax) },
      decimals: numberOrNull(options.decimals),
      length_unit: options.lengthUnit,
      language: options.language,
    });
    const found = { ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)), ...local };
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await saveCustomTemplate(parsed.data, template?.template_id);
      await client.invalidateQueries({ queryKey: customTemplateKeys.all });
      toast({ color: 'success', message: t('customReports.template.saved', { name: answer.name }) });
      // A new template opens for editing: its Excel workbook is added there.
      go(template ? REPORTING_PATHS.customTemplates : customTemplateEditPath(answer.template_id));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors({ ...error.fieldErrors });
      else setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const text = (label: string, value: string, set: (v: string) => void, key: string, max: number, required = false) => (
    <TextField
      size="small"
      required={required}
      label={label}
      value={value}
      onChange={(event) => set(event.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('customReports.template.form')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack spacing={2}>
        {failure && <AppAlert type="error" message={failure} onClose={() => setFailure(null)} />}
        <Section>
          <Box sx={GRID}>
            {text(t('customReports.template.name'), name, setName, 'name', 100, true)}
            <TextField
              select
              size="small"
              required
              label={t('customReports.common.reportType')}
              value={type}
              onChange={(event) => setType(event.target.value)}
              error={Boolean(errors.report_type)}
              helperText={errors.report_type}
            >
              {CUSTOM_REPORT_TYPES.map((x) => (
                <MenuItem key={x.code} value={x.code}>
                  {x.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('customReports.common.contract')}
              value={contractOptions.some((c) => String(c.contract_id) === contractId) ? contractId : ''}
              onChange={(event) => setContractId(event.target.value)}
              error={Boolean(errors.contract_id)}
              helperText={errors.contract_id}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('customReports.common.allContracts')}</MenuItem>
              {contractOptions.map((c) => (
                <MenuItem key={c.contract_id} value={String(c.contract_id)}>
                  {c.title ? `${c.no} — ${c.title}` : c.no}
                </MenuItem>
              ))}
            </TextField>
            {text(t('customReports.template.title'), title, setTitle, 'title', 200)}
            {text(t('customReports.template.header'), header, setHeader, 'header_text', 200)}
            {text(t('customReports.template.footer'), footer, setFooter, 'footer_text', 200)}
          </Box>
          <Box sx={{ mt: 2 }}>
            <LogoField value={logo} onChange={setLogo} error={errors.logo} />
          </Box>
        </Section>
        <Section title={t('customReports.sections.label')}>
          {!type ? (
            <AppAlert type="info" message={t('customReports.sections.chooseType')} />
          ) : catalog.isError ? (
            <AppAlert type="error" message={errorText(catalog.error)} />
          ) : picks ? (
            <SectionPicker value={picks} onChange={(next) => setPicksByType((all) => ({ ...all, [type]: next }))} errors={sectionErrors(errors)} />
          ) : (
            <Loading />
          )}
        </Section>
        <Section title={t('customReports.template.defaults')}>
          <Box sx={GRID}>
            <MultiSelect
              label={t('reporting.form.instrumentTypes')}
              options={typeOptions}
              value={typeIds}
              onChange={setTypeIds}
              helperText={errors.instrument_type_ids ?? t('reporting.form.allTypes')}
              error={Boolean(errors.instrument_type_ids)}
            />
            <MultiSelect
              label={t('reporting.form.zones')}
              options={zoneOptions}
              value={zoneIds.filter((id) => zoneOptions.some((z) => z.id === id))}
              onChange={setZoneIds}
              disabled={zoneOptions.length === 0}
              helperText={errors.zone_ids ?? (zoneOptions.length === 0 ? t('reporting.form.noZones') : t('reporting.form.allZones'))}
              error={Boolean(errors.zone_ids)}
            />
          </Box>
        </Section>
        <Section title={t('customReports.template.options')}>
          <TemplateOptionsFields value={options} onChange={setOptions} charts={catalog.data?.charts ?? false} errors={errors} />
        </Section>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" startIcon={<Save />} disabled={saving}>
            {t('customReports.common.save')}
          </Button>
          <Button onClick={() => go(REPORTING_PATHS.customTemplates)} disabled={saving}>
            {t('customReports.common.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
