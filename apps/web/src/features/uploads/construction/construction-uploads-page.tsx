import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { TUpload } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, queryTableProps, useClampPage, type DataTableColumn } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { useCan } from '../../../lib/use-can';
import { UploadFilters } from '../shared/upload-filters';
import { HistoryEmpty, historyColumns, useUploadHistoryPage } from '../shared/upload-history';
import { useConstructionUploads } from './api';
import { ConstructionUploadDetail } from './construction-upload-detail';
import { ConstructionUploadDialog } from './construction-upload-dialog';
import { FileFormat } from './file-format';
import { InstrumentPlanSection } from './instrument-plan-section';
import { CONSTRUCTION_UPLOADS, type ConstructionUploadType } from './records';

/**
 * One page for the row-checked sheet uploads of issue 19 (spec §2.12): `/upload/excavation` (MC excavation activity)
 * and `/upload/tunnel` (mined tunnel sequence and shift reports), decision 038; `/upload/qpd` (QP(D) design values) and
 * `/upload/instrument-plan` (instrument plans), schemas/design-values.ts. Upload (the type's upload tasks) opens the
 * dialog; Filter shows the history's filters; the history (the type's history task) lists the uploads, newest first;
 * `?upload=<id>` — a row's click, a new upload, a notification's link — shows that upload: its checking, counts,
 * findings and Approve / Reject. The file's format (templates, row kinds, columns) is described on the page; `children`
 * (the instrument plan against reality) come after the history.
 */
function ConstructionUploadsPage({ type, children }: { type: ConstructionUploadType; children?: ReactNode }) {
  const { t } = useTranslation();
  const spec = CONSTRUCTION_UPLOADS[type];
  const canView = useCan(spec.historyTask);
  const canUpload = useCan(...spec.uploadTasks);
  const { filters, setFilters, filtered, filtersShown, uploading, setUploading, table, params, openId, open } = useUploadHistoryPage();
  const query = useConstructionUploads(type, params, canView);
  useClampPage(query.data?.total_records, table.page, table.pageSize);

  const historyTask = t(`constructionUploads.task.${spec.historyTask}` as 'constructionUploads.task.ViewConstructionActivityUploadHistory');
  const base = historyColumns(t);
  const columns: DataTableColumn<TUpload>[] = [
    { id: 'file_name', label: t('uploadPages.history.file'), minWidth: 180, render: (u) => <Box sx={{ overflowWrap: 'anywhere' }}>{u.file_name}</Box> },
    base.contract,
    base.uploaded_by,
    base.created,
    base.status,
    { id: 'rows', label: t('constructionUploads.history.rows'), align: 'right', render: (u) => u.rows_total.toLocaleString() },
    { id: 'findings', label: t('constructionUploads.history.findings'), align: 'right', render: (u) => u.errors_total.toLocaleString() },
  ];

  return (
    <Stack spacing={2}>
      {openId !== undefined && <ConstructionUploadDetail key={openId} type={type} uploadId={openId} onClose={() => open(null)} />}
      {filtersShown && canView && <UploadFilters values={filters} set={setFilters} />}
      {canView ? (
        <DataTable
          label={t(`constructionUploads.history.${spec.key}`)}
          columns={columns}
          {...queryTableProps(query)}
          page={table.page}
          pageSize={table.pageSize}
          onChange={table.onChange}
          getRowId={(u) => u.upload_id}
          onRowClick={(u) => open(u.upload_id)}
          emptyText={
            <HistoryEmpty filtered={filtered} text={t('constructionUploads.history.empty')} canUpload={canUpload} onUpload={() => setUploading(true)} />
          }
        />
      ) : (
        <AppAlert
          type="info"
          message={t(canUpload ? 'constructionUploads.history.noHistory' : 'constructionUploads.history.approverOnly', { task: historyTask })}
        />
      )}
      {children}
      <FileFormat type={type} />
      <ConstructionUploadDialog
        type={type}
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(created) => {
          setUploading(false);
          open(created.upload_id);
        }}
      />
    </Stack>
  );
}

export function ExcavationUploadsPage() {
  return <ConstructionUploadsPage type="excavation" />;
}

export function TunnelUploadsPage() {
  return <ConstructionUploadsPage type="tunnel" />;
}

export function QpdUploadsPage() {
  return <ConstructionUploadsPage type="qpd" />;
}

export function InstrumentPlanUploadsPage() {
  return (
    <ConstructionUploadsPage type="instrument-plan">
      <InstrumentPlanSection />
    </ConstructionUploadsPage>
  );
}
