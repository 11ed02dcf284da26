import type { TUpload, TUploadRowError } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, queryTableProps, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { Section } from '../../../components/section';
import { translateMessage } from '../../../lib/i18n';
import { useUploadReport } from '../api';

const REPORT_PAGE_SIZE = 25;

export interface RowReportTexts {
  /** The section's title and the table's name. */
  title: string;
  /** The errors count under the title. */
  subtitle: string;
  /** What the table says when nothing was found. */
  empty: string;
  /** The message column's header. */
  message?: string;
}

/**
 * The per-row findings of an upload (`GET /uploads/{id}/report`), a page at a time: row (0: the whole file), column,
 * message, and any columns the type adds (the readings link the instrument a row names). Shown once validated.
 */
export function RowReport({ upload, texts, extraColumns = [] }: { upload: TUpload; texts: RowReportTexts; extraColumns?: DataTableColumn<TUploadRowError>[] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<TableQuery>({ page: 1, pageSize: REPORT_PAGE_SIZE, sort: null });
  const query = useUploadReport(upload.upload_id, { limit: page.pageSize, skip: (page.page - 1) * page.pageSize }, upload.status);
  if (upload.status === 'received' || upload.status === 'validating') return null;
  const columns: DataTableColumn<TUploadRowError>[] = [
    { id: 'row', label: t('uploadPages.report.row'), align: 'right', render: (error) => (error.row === 0 ? t('uploadPages.report.wholeFile') : error.row) },
    { id: 'field', label: t('uploadPages.report.column'), noWrap: true },
    { id: 'message', label: texts.message ?? t('uploadPages.report.message'), minWidth: 220, render: (error) => translateMessage(error.message) },
    ...extraColumns,
  ];
  const capped = query.data?.capped === true;
  return (
    <Section title={texts.title} subheader={texts.subtitle}>
      {capped && <AppAlert type="warning" message={t('uploadPages.report.capped', { kept: query.data?.total_records ?? 0 })} sx={{ mb: 2 }} />}
      <DataTable
        label={texts.title}
        columns={columns}
        {...queryTableProps(query)}
        page={page.page}
        pageSize={page.pageSize}
        onChange={setPage}
        getRowId={(error) => `${error.row}-${error.field}-${error.message}`}
        emptyText={texts.empty}
      />
    </Section>
  );
}
