import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientPage, DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { useDialog, useToast } from '../../../components/feedback';
import { PaginatedList, usePageParams } from '../../../components/paginated-list';
import { GallerySection } from './gallery-section';
import { SAMPLE_READINGS, sampleListPage, type SampleListItem, type SampleReading } from './sample-data';

/** The data table paging 50 sample rows in memory through the same props a server-paged table gets. */
function SampleTable() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<TableQuery>({ page: 1, pageSize: 5, sort: null });
  const [failing, setFailing] = useState(false);
  const page = clientPage(SAMPLE_READINGS, query);
  const columns = useMemo<DataTableColumn<SampleReading>[]>(
    () => [
      { id: 'instrument', label: t('devTools.table.instrument'), sortable: true, noWrap: true },
      { id: 'type', label: t('devTools.table.type'), sortable: true },
      { id: 'reading', label: t('devTools.table.reading'), format: 'number', decimals: 2, sortable: true },
      { id: 'level', label: t('devTools.table.level'), format: 'number', decimals: 4 },
      { id: 'taken_at', label: t('devTools.table.takenAt'), format: 'datetime', sortable: true, noWrap: true },
    ],
    [t],
  );
  return (
    <>
      <FormControlLabel
        control={<Switch checked={failing} onChange={(event) => setFailing(event.target.checked)} />}
        label={t('devTools.table.simulateError')}
      />
      <DataTable
        label={t('devTools.table.title')}
        columns={columns}
        rows={page.rows}
        total={page.total}
        page={query.page}
        pageSize={query.pageSize}
        sort={query.sort}
        onChange={setQuery}
        getRowId={(row) => row.id}
        error={failing || undefined}
        onRetry={() => setFailing(false)}
      />
    </>
  );
}

/** The sample list (spec §8, §9): total 50, remove asks first, a page change is announced. */
function SampleList() {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const { page, pageSize } = usePageParams();
  const [removed, setRemoved] = useState<ReadonlySet<number | string>>(new Set());
  const [grouped, setGrouped] = useState(false);
  const data = sampleListPage(page, pageSize, removed);

  const remove = async (item: SampleListItem) => {
    if (!(await confirm({ prompt: t('devTools.list.confirmDelete', { id: item.id }) }))) return;
    setRemoved((set) => new Set(set).add(item.id));
    toast({ message: t('devTools.list.deleted', { id: item.id }) });
  };

  return (
    <>
      <FormControlLabel control={<Switch checked={grouped} onChange={(event) => setGrouped(event.target.checked)} />} label={t('devTools.list.groupByType')} />
      <PaginatedList
        label={t('devTools.list.title')}
        items={data.items}
        total={data.total}
        groupBy={grouped ? 'type' : undefined}
        onPageChange={(next) => toast({ message: t('devTools.list.loadingPage', { n: next }) })}
        renderActions={(item) => (
          <IconButton edge="end" aria-label={t('devTools.list.remove', { id: item.id })} onClick={() => void remove(item)}>
            <DeleteOutlined />
          </IconButton>
        )}
      />
    </>
  );
}

export function GalleryData() {
  const { t } = useTranslation();
  return (
    <>
      <GallerySection title={t('devTools.table.title')}>
        <SampleTable />
      </GallerySection>
      <GallerySection title={t('devTools.list.title')}>
        <SampleList />
      </GallerySection>
    </>
  );
}
