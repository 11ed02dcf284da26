export { ReportDialog, type ReportDialogFile, type ReportDialogProps } from './report-dialog';
export { ReportJobStatus } from './report-job-status';
