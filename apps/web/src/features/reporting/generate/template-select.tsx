import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DEFAULT_REPORT_TEMPLATE, type TReportTemplateOption } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useCustomizedTemplates } from '../custom/api';

/** The value a report body's `template` takes for an option: the id as text, `default` for the Default template. */
export function templateValue(option: Pick<TReportTemplateOption, 'template_id'>): string {
  return option.template_id === DEFAULT_REPORT_TEMPLATE.template_id ? 'default' : String(option.template_id);
}

export interface TemplateSelectProps {
  /** The report type (none chosen: only Default). */
  type: string;
  /** The first chosen contract: its templates and those for all contracts. */
  contractId: number | undefined;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * "Template": the templates of the type for the contract from `GET /reports/customized` (spec §7), Default first. The
 * Default template is offered before the answer arrives, and when the list cannot be read (with a note).
 */
export function TemplateSelect({ type, contractId, value, onChange, error }: TemplateSelectProps) {
  const { t } = useTranslation();
  const query = useCustomizedTemplates(type, contractId);
  const options = query.data && query.data.length > 0 ? query.data : [DEFAULT_REPORT_TEMPLATE];
  const shown = options.some((o) => templateValue(o) === value) ? value : 'default';
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={t('customReports.templateSelect.label')}
      value={shown}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error) || query.isError}
      helperText={error ?? (query.isError ? t('customReports.templateSelect.failed') : undefined)}
    >
      {options.map((o) => (
        <MenuItem key={o.template_id} value={templateValue(o)}>
          {o.template_id === DEFAULT_REPORT_TEMPLATE.template_id ? t('customReports.templateSelect.default') : o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The template a form sends: the chosen one while the list offers it (or has not arrived yet), else `default` (a
 * template of another contract or type, or one deleted meanwhile).
 */
export function useEffectiveTemplate(type: string, contractId: number | undefined, value: string): string {
  const query = useCustomizedTemplates(type, contractId);
  if (!query.data) return value;
  return query.data.some((o) => templateValue(o) === value) ? value : 'default';
}
