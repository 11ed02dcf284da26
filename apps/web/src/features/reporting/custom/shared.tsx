import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { ENGINE_REPORT_TYPES } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/list-filters';

/** The report types a custom template or a schedule is for: the engine's, except full monitoring (it has its own templates). */
export const CUSTOM_REPORT_TYPES = ENGINE_REPORT_TYPES.filter((x) => x.code !== 'full-monitoring');

/** A report type's name (its code when unknown). */
export function reportTypeName(code: string): string {
  return ENGINE_REPORT_TYPES.find((x) => x.code === code)?.name ?? code;
}

/** The filter bar's report type: "All report types" and CUSTOM_REPORT_TYPES. */
export function ReportTypeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const shown = CUSTOM_REPORT_TYPES.some((x) => x.code === value) ? value : '';
  return (
    <FilterSelect label={t('customReports.common.reportType')} value={shown} onChange={onChange}>
      <MenuItem value="">{t('customReports.common.allTypes')}</MenuItem>
      {CUSTOM_REPORT_TYPES.map((x) => (
        <MenuItem key={x.code} value={x.code}>
          {x.name}
        </MenuItem>
      ))}
    </FilterSelect>
  );
}

/** A row's icon button (its label is the accessible name and the tooltip); the click does not open the row. */
export function RowButton({ label, onClick, children, disabled }: { label: string; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={disabled}
          onClick={(event) => {
            event.stopPropagation();
            onClick();
          }}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A form's field errors by path (`name`, `sections.2.columns`, `frequency.weekdays`). */
export type FormErrors = Record<string, string>;

/** Zod issues as field errors (the first message of each path). */
export function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const found: FormErrors = {};
  for (const issue of issues) found[issue.path.map(String).join('.')] ??= issue.message;
  return found;
}
