import Close from '@mui/icons-material/Close';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes, type TAttachmentKind, type TFileSearchResult } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { clientPage, DataTable, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { MapView } from '../../../components/map';
import { fileActionsColumn, PhotoViewer, useFileActions, useRefreshOnFileCompleted, withResourceToken } from '../../../components/record-files';
import { useContractList } from '../../../lib/active-contracts';
import { useSession } from '../../../lib/auth-store';
import { idOrUndefined } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { SEARCH_LIMIT, useFileSearch } from '../api';
import { FileMarkers, recordKey, spotsOf } from './file-markers';
import { chosenTypes, FileSearchFilter, SEARCH_KEYS } from './file-search-filter';
import { UploadToRecordDialog } from './upload-to-record-dialog';

const PAGE_SIZE = 10;
const PANEL_HEIGHT = 'max(460px, calc(100vh - 330px))';

/** Where a found file's record opens: the work space's detail pages on their photo or documents view. */
export function recordLink(file: Pick<TFileSearchResult, 'kind' | 'record'>): string {
  const { path } = file.record;
  return path.startsWith('/dashboard/search/') ? `${path}/${file.kind === 'photo' ? 'photo' : 'documents'}` : path;
}

function FileCell({ file, token, onOpen }: { file: TFileSearchResult; token: string | null; onOpen: () => void }) {
  const { t } = useTranslation();
  const thumb = file.thumbnail_url ? withResourceToken(file.thumbnail_url, token) : null;
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
      {file.kind === 'photo' ? (
        <ButtonBase
          onClick={onOpen}
          aria-label={t('files.photos.open', { name: file.file_name })}
          sx={{ flexShrink: 0, borderRadius: 0.5, overflow: 'hidden' }}
        >
          <Box component="img" src={thumb ?? undefined} alt="" width={48} height={48} sx={{ objectFit: 'cover', display: 'block', bgcolor: 'action.hover' }} />
        </ButtonBase>
      ) : (
        <Box
          sx={{
            width: 48,
            height: 48,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'action.hover',
            borderRadius: 0.5,
            flexShrink: 0,
          }}
        >
          <DescriptionOutlined color="action" />
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
          {file.file_name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {[file.file_type.toUpperCase(), formatBytes(file.size), formatDateTime(file.created)].join(' · ')}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" noWrap title={file.uploader_email} sx={{ maxWidth: { xs: 180, sm: 260 } }}>
          {file.uploader_email || t('files.common.deletedUser')}
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * Map Files Search (`/dashboard/search/file`, spec §2.2; issue 8): photos and documents of the visible contracts by
 * keyword, kind, type, contract, upload date and map area, on a map beside the list — a numbered marker per record
 * with a location; choosing one narrows the list to its files. Actions: upload photo, upload document (to a chosen
 * record) and toggle filter. Decision 015: its own page with its own map.
 */
export function FileSearchPage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.resourceToken);
  const { contracts } = useContractList();
  const [values, set] = useUrlFilters(SEARCH_KEYS);
  const [showFilter, setShowFilter] = useState(true);
  const [uploading, setUploading] = useState(false);
  const [uploadKind, setUploadKind] = useState<TAttachmentKind>('photo');
  const [selected, setSelected] = useState<string | null>(null);
  const [extent, setExtent] = useState<[number, number, number, number] | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const table = useTableParams(PAGE_SIZE);
  const actions = useFileActions();
  useRefreshOnFileCompleted();
  useRouteAction('filter', () => setShowFilter((shown) => !shown));
  const upload = (kind: TAttachmentKind) => {
    setUploadKind(kind);
    setUploading(true);
  };
  useRouteAction('upload-photo', () => upload('photo'));
  useRouteAction('upload-document', () => upload('document'));

  const contractId = idOrUndefined(values.contract);
  const kind = values.kind === 'photo' || values.kind === 'document' ? values.kind : undefined;
  const types = chosenTypes(values);
  const inView = values.area === '1';
  const search = useFileSearch({
    keyword: values.keyword || undefined,
    kind,
    types,
    from: values.from || undefined,
    to: values.to || undefined,
    contractId,
    bbox: inView && extent ? extent.join(',') : undefined,
  });
  // A new search (other than a map move) shows all its records on the map again.
  const fitKey = JSON.stringify([values.keyword, kind, types, values.from, values.to, contractId]);

  const found = useMemo(() => search.data?.records ?? [], [search.data]);
  const spots = useMemo(() => spotsOf(found), [found]);
  const selectedSpot = spots.find((s) => s.key === selected);
  const listed = useMemo(() => (selectedSpot ? found.filter((f) => recordKey(f) === selectedSpot.key) : found), [found, selectedSpot]);
  const page = clientPage(listed, { page: table.page, pageSize: table.pageSize, sort: null });
  useClampPage(search.data ? listed.length : undefined, table.page, table.pageSize);
  const pagePhotos = page.rows.filter((f) => f.kind === 'photo');
  const unplaced = found.filter((f) => !f.location).length;
  const total = search.data?.total_records ?? 0;

  const columns: DataTableColumn<TFileSearchResult>[] = [
    {
      id: 'file_name',
      label: t('files.columns.file'),
      minWidth: 220,
      render: (f) => <FileCell file={f} token={token} onOpen={() => setViewing(pagePhotos.indexOf(f))} />,
    },
    {
      id: 'record',
      label: t('files.columns.record'),
      minWidth: 120,
      render: (f) => (
        <Box sx={{ minWidth: 0 }}>
          <AppLink to={recordLink(f)} sx={{ overflowWrap: 'anywhere' }}>
            {f.record.title}
          </AppLink>
          <Typography variant="caption" color="text.secondary" component="div">
            {f.contract_no}
          </Typography>
        </Box>
      ),
    },
    fileActionsColumn(t('files.columns.actions'), actions, (f) => (f.can_delete ? f.kind : null)),
  ];

  const filtered = SEARCH_KEYS.some((key) => values[key] !== '');

  return (
    <Stack spacing={2} data-testid="file-search">
      {showFilter && <FileSearchFilter values={values} set={set} contracts={contracts} />}
      {actions.problem && <AppAlert type="error" message={actions.problem} onClose={actions.clearProblem} />}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: 'stretch' }}>
        <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
          <MapView label={t('files.search.mapLabel')} height={{ xs: 300, md: PANEL_HEIGHT }}>
            <FileMarkers spots={spots} selected={selected} onSelect={setSelected} fitKey={inView ? 'in-view' : fitKey} onExtent={setExtent} />
          </MapView>
          {unplaced > 0 && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {t('files.search.unplaced', { count: unplaced })}
            </Typography>
          )}
        </Box>
        <Stack spacing={1.5} sx={{ flex: '1 1 0', minWidth: 0, height: { md: PANEL_HEIGHT }, overflow: { md: 'auto' } }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
              {search.data ? t('files.search.count', { count: total }) : t('common.loading')}
            </Typography>
            {selectedSpot && (
              <Chip
                size="small"
                color="secondary"
                label={t('files.search.ofRecord', { name: selectedSpot.title })}
                onDelete={() => setSelected(null)}
                deleteIcon={<Close aria-label={t('files.search.allRecords')} />}
              />
            )}
          </Stack>
          {total > SEARCH_LIMIT && <AppAlert type="info" message={t('files.search.limited', { shown: SEARCH_LIMIT, total })} />}
          <DataTable
            label={t('files.search.tableLabel')}
            columns={columns}
            rows={page.rows}
            total={page.total}
            page={table.page}
            pageSize={table.pageSize}
            pageSizeOptions={[10, 25, 50]}
            onChange={table.onChange}
            getRowId={(f) => `${f.kind}-${f.file_id}`}
            loading={search.isFetching}
            error={search.error ?? undefined}
            onRetry={() => void search.refetch()}
            emptyText={filtered ? t('files.search.noMatch') : t('files.search.empty')}
            size="small"
          />
        </Stack>
      </Box>
      <PhotoViewer photos={pagePhotos} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} onDownload={(p) => void actions.download(p)} />
      <UploadToRecordDialog open={uploading} onClose={() => setUploading(false)} kind={uploadKind} initialContractId={contractId} />
    </Stack>
  );
}
