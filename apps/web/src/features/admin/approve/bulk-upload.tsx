import FileDownload from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZUserImportResult, type TUserImportResult } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientPage, DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { UploadButton } from '../../../components/upload-button';
import { downloadFile } from '../../../lib/download';
import { errorText } from '../../../lib/error-text';
import { Section } from '../../../components/section';
import { StateChip } from '../shared/status-chip';
import { useImportUsers } from './api';

type ImportRow = TUserImportResult['rows'][number];

function ReportTable({ rows }: { rows: readonly ImportRow[] }) {
  const { t } = useTranslation();
  const [table, setTable] = useState<TableQuery>({ page: 1, pageSize: 25, sort: null });
  const page = clientPage(rows, table);
  const columns: DataTableColumn<ImportRow>[] = [
    { id: 'row', label: t('admin.approve.row'), align: 'right' },
    { id: 'login_name', label: t('admin.users.loginName'), noWrap: true },
    {
      id: 'status',
      label: t('admin.approve.rowStatus'),
      render: (r) =>
        r.status === 'valid' ? (
          <StateChip label={t('admin.approve.rowValid')} color="success" />
        ) : (
          <StateChip label={t('admin.approve.rowError')} color="error" />
        ),
    },
    {
      id: 'errors',
      label: t('admin.approve.errors'),
      minWidth: 260,
      render: (r) => r.errors.map((e) => `${e.field}: ${e.message}`).join('; '),
    },
  ];
  return (
    <DataTable
      label={t('admin.approve.reportLabel')}
      columns={columns}
      rows={page.rows}
      total={page.total}
      page={table.page}
      pageSize={table.pageSize}
      onChange={setTable}
      getRowId={(r) => r.row}
    />
  );
}

/**
 * Bulk user upload (upload type `user-import`): download a template, upload a file for a dry run with its
 * per-row report, then confirm to stage the valid rows as pending users (nothing is half-imported).
 */
export function BulkUpload({ onStaged }: { onStaged: () => void }) {
  const { t } = useTranslation();
  const confirm = useDialog();
  const toast = useToast();
  const importUsers = useImportUsers();
  const [checked, setChecked] = useState<{ file: File; result: TUserImportResult } | null>(null);
  const [staged, setStaged] = useState<number | null>(null);

  const template = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadFile(`/admin/users/import/template?format=${format}`, { fileName: `user-import-template.${format}` });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const stage = async () => {
    if (!checked) return;
    const ok = await confirm({ prompt: t('admin.approve.confirmPrompt', { count: checked.result.valid }), negative: t('admin.common.cancel') });
    if (ok !== true) return;
    try {
      const result = await importUsers.mutateAsync({ file: checked.file, dryRun: false });
      setChecked(null);
      setStaged(result.staged);
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  return (
    <Stack spacing={2}>
      <Section title={t('admin.approve.templateTitle')}>
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            {t('admin.approve.templateText')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<FileDownload />} onClick={() => void template('csv')}>
              {t('admin.approve.templateCsv')}
            </Button>
            <Button variant="outlined" startIcon={<FileDownload />} onClick={() => void template('xlsx')}>
              {t('admin.approve.templateXlsx')}
            </Button>
          </Stack>
        </Stack>
      </Section>
      <Section title={t('admin.approve.uploadTitle')} subheader={t('admin.approve.uploadText')}>
        <UploadButton
          url="/admin/users/import?dry_run=true"
          uploadType="user-import"
          multiple={false}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          label={t('admin.approve.chooseFile')}
          onUploaded={(response, files) => {
            const parsed = ZUserImportResult.safeParse(response);
            if (parsed.success && files[0]) {
              setStaged(null);
              setChecked({ file: files[0], result: parsed.data });
            }
          }}
        />
      </Section>
      {staged !== null && (
        <AppAlert
          type="success"
          message={t('admin.approve.staged', { count: staged })}
          action={
            <Button color="inherit" size="small" onClick={onStaged}>
              {t('admin.approve.pendingTab')}
            </Button>
          }
        />
      )}
      {checked && (
        <Section title={t('admin.approve.reportTitle')}>
          <Stack spacing={2}>
            <Typography>
              {t('admin.approve.reportSummary', {
                file: checked.file.name,
                valid: t('admin.approve.validRows', { count: checked.result.valid }),
                invalid: t('admin.approve.invalidRows', { count: checked.result.invalid }),
              })}
            </Typography>
            <ReportTable rows={checked.result.rows} />
            {checked.result.valid === 0 && <AppAlert type="warning" message={t('admin.approve.nothingValid')} />}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" disabled={checked.result.valid === 0 || importUsers.isPending} onClick={() => void stage()}>
                {t('admin.approve.confirm', { count: checked.result.valid })}
              </Button>
              <Button onClick={() => setChecked(null)}>{t('admin.approve.startOver')}</Button>
            </Stack>
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
