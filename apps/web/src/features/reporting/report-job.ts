// The report job hook lives in lib/ (the work space's Map Reports use it too).
export { BACKGROUND_CLEAR_MS, useReportJob, type ReportJob, type ReportJobOptions } from '../../lib/report-job';
