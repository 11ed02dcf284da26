import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MONITORING_REPORT_STATUS, type MonitoringReportStatus, type TMonitoringReport } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractOptions } from '../../../lib/contract-options';
import { dayText } from '../history/reports-table';

/** A select of a filter bar: every change applies at once; the empty choice shows as such. */
export function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {children}
    </TextField>
  );
}

/** "All contracts" and the caller's contracts. */
export function ContractFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const options = useContractOptions().data ?? [];
  const shown = options.some((c) => String(c.contract_id) === value) ? value : '';
  return (
    <FilterSelect label={t('fullMonitoring.common.contract')} value={shown} onChange={onChange}>
      <MenuItem value="">{t('fullMonitoring.common.allContracts')}</MenuItem>
      {options.map((c) => (
        <MenuItem key={c.contract_id} value={String(c.contract_id)}>
          {c.no} — {c.title}
        </MenuItem>
      ))}
    </FilterSelect>
  );
}

const STATUS_COLORS: Record<MonitoringReportStatus, 'default' | 'info' | 'success' | 'error' | 'warning' | 'primary' | 'secondary'> = {
  generating: 'info',
  failed: 'error',
  prepared: 'default',
  checking: 'primary',
  approving: 'secondary',
  returned: 'warning',
  published: 'success',
  superseded: 'default',
};

/** A report's status (MONITORING_REPORT_STATUS's label) as a chip. */
export function StatusChip({ status }: { status: MonitoringReportStatus }) {
  return <Chip size="small" variant={status === 'published' ? 'filled' : 'outlined'} color={STATUS_COLORS[status]} label={MONITORING_REPORT_STATUS[status]} />;
}

/** A report's data period, DD/MM/YYYY – DD/MM/YYYY. */
export function periodText(report: Pick<TMonitoringReport, 'period_from' | 'period_to'>): string {
  return `${dayText(report.period_from)} – ${dayText(report.period_to)}`;
}

/** A report's number and revision: "T301-IMR-W48 rev 2". */
export function reportLabel(report: Pick<TMonitoringReport, 'report_no' | 'revision'>): string {
  return `${report.report_no} rev ${report.revision}`;
}
