import Chip from '@mui/material/Chip';
import { MONITORING_REPORT_STATUS, type MonitoringReportStatus, type TMonitoringReport } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { ContractFilter as AnyContractFilter, FilterSelect } from '../../../components/list-filters';
import { dayText } from '../history/reports-table';

export { FilterSelect };

/** "All contracts" and the caller's contracts. */
export function ContractFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return <AnyContractFilter label={t('fullMonitoring.common.contract')} allLabel={t('fullMonitoring.common.allContracts')} value={value} onChange={onChange} />;
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
