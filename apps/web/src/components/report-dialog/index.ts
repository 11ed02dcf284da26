export { ReportDialog, type ReportDialogFile, type ReportDialogProps } from './report-dialog';
