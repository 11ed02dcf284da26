import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZMonitoringTemplateInput, type TMonitoringSection, type TMonitoringTemplate } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../../components/feedback';
import { Section } from '../../../../components/section';
import { ApiError } from '../../../../lib/api-client';
import { useContractOptions } from '../../../../lib/contract-options';
import { errorText } from '../../../../lib/error-text';
import { useGo } from '../../../../lib/page-nav';
import { REPORTING_PATHS } from '../../paths';
import { fullMonitoringKeys, saveMonitoringTemplate } from '../api';
import { SectionEditor } from './section-editor';
import { newSection } from './sections';

/** Field errors by path (`contract_id`, `name`, `sections`, `sections.2.logo`). */
export type FormErrors = Record<string, string>;

/** A zod issue's or a server field's path as the form keys it. */
function keyOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** The errors of the sections (below `sections.`; the list's own under `''`). */
function sectionErrors(errors: FormErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === 'sections') out[''] = message;
    else if (key.startsWith('sections.')) out[key.slice('sections.'.length)] = message;
  }
  return out;
}

/** A new template: a cover, the executive summary and the breach log, as most weekly reports start. */
export const NEW_TEMPLATE_SECTIONS: readonly TMonitoringSection[] = [newSection('cover'), newSection('executive-summary'), newSection('breach-log')];

export interface TemplateFormProps {
  /** The template edited; absent: a new one. */
  template?: TMonitoringTemplate;
}

/**
 * A monitoring template: contract, name and the ordered sections. Checked with the contract's schema before sending;
 * the server's 400 field errors are shown against the fields; Save returns to the template manager.
 */
export function TemplateForm({ template }: TemplateFormProps) {
  const { t } = useTranslation();
  const go = useGo();
  const toast = useToast();
  const client = useQueryClient();
  const contracts = useContractOptions();
  const [contractId, setContractId] = useState<string>(template ? String(template.contract_id) : '');
  const [name, setName] = useState(template?.name ?? '');
  const [sections, setSections] = useState<TMonitoringSection[]>(() => [...(template?.sections ?? NEW_TEMPLATE_SECTIONS)]);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const options = contracts.data ?? [];
  const contractOptions =
    template && !options.some((c) => c.contract_id === template.contract_id)
      ? [{ contract_id: template.contract_id, no: template.contract_no, title: '' }, ...options]
      : options;

  const save = async () => {
    setFailure(null);
    const parsed = ZMonitoringTemplateInput.safeParse({ contract_id: contractId ? Number(contractId) : undefined, name, sections });
    if (!parsed.success) {
      const found: FormErrors = {};
      for (const issue of parsed.error.issues) {
        const key = keyOf(issue.path);
        found[key] ??= key === 'contract_id' ? t('fullMonitoring.template.contractMissing') : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveMonitoringTemplate(parsed.data, template?.template_id);
      await client.invalidateQueries({ queryKey: fullMonitoringKeys.templates });
      toast({ color: 'success', message: t('fullMonitoring.template.saved', { name: parsed.data.name }) });
      go(REPORTING_PATHS.templateManager);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors({ ...error.fieldErrors });
      else setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('fullMonitoring.template.form')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      sx={{ maxWidth: 1000 }}
    >
      <Stack spacing={2}>
        {failure && <AppAlert type="error" message={failure} onClose={() => setFailure(null)} />}
        <Section>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <TextField
              select
              size="small"
              required
              label={t('fullMonitoring.common.contract')}
              value={contractOptions.some((c) => String(c.contract_id) === contractId) ? contractId : ''}
              onChange={(event) => setContractId(event.target.value)}
              error={Boolean(errors.contract_id)}
              helperText={errors.contract_id ?? (contracts.isError ? t('fullMonitoring.common.contractsFailed') : undefined)}
            >
              {contractOptions.map((c) => (
                <MenuItem key={c.contract_id} value={String(c.contract_id)}>
                  {c.title ? `${c.no} — ${c.title}` : c.no}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              required
              label={t('fullMonitoring.template.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Box>
        </Section>
        <Section title={t('fullMonitoring.template.sections')}>
          <SectionEditor sections={sections} onChange={setSections} errors={sectionErrors(errors)} />
        </Section>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" startIcon={<Save />} disabled={saving}>
            {t('fullMonitoring.template.save')}
          </Button>
          <Button onClick={() => go(REPORTING_PATHS.templateManager)} disabled={saving}>
            {t('fullMonitoring.common.cancel')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
