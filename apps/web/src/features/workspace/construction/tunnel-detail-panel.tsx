import EditLocationAlt from '@mui/icons-material/EditLocationAlt';
import FileDownload from '@mui/icons-material/FileDownload';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { CONSTRUCTION_DELETE_TASKS, isPlaceableDrawing, type TSite, type TSiteDrawing, type TTunnelShiftRow } from '@strata/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/chart';
import type { DataTableColumn } from '../../../components/data-table';
import { DetailList } from '../../../components/detail-list';
import { useToast } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { formatDateTime } from '../../../lib/display-time';
import { downloadFile } from '../../../lib/download';
import { errorText } from '../../../lib/error-text';
import { useCan } from '../../../lib/use-can';
import { EditDrawingDialog } from '../../../components/site-drawing-upload/edit-drawing-dialog';
import { UploadDrawingDialog } from '../../../components/site-drawing-upload/upload-drawing-dialog';
import type { Svy21Extent } from '../state/url-state';
import { useSiteDrawings, useTunnelProgress } from './api';
import { EMPTY_VALUE, formatDay, formatNumber } from './format';
import { ClientTable, DeleteRowButton, Part, SiteHeading } from './parts';
import { ProgressText } from './progress-text';
import { StagesTable } from './stages-table';
import { advanceOption } from './tunnel-chart';
import { dayIndex, dayText, facesAt, sliderDays } from './tunnel-history';
import { useToday, useTunnelDate } from './tunnel-state';
import { useDeleteRow } from './use-delete-row';
import { useShowSiteOnMap } from './use-show-site';

/**
 * Who may upload a progress drawing or change its date and place: the tasks `POST /master-data/sites/{id}/drawings`
 * and `PATCH /master-data/site-drawings/{id}` ask (a site task; the tunnel's is Manage Mined Tunnel Activities).
 * Reading the drawings needs no task (`GET /civil/sites/{id}/drawings`), so every user of the work space sees the list
 * and the drawing on the map; the actions are shown only to these holders.
 */
const DRAWING_UPLOAD_TASKS = ['ManageConstructionSites', 'ManageMinedTunnelActivities'] as const;

export interface TunnelDetailPanelProps {
  siteId: number;
  /** Fit the map to the drive: on opening (`auto`, once the site is known) and when asked. */
  onShowOnMap: (extent: Svy21Extent, auto: boolean) => void;
}

/**
 * A mined tunnel's detail (spec §2.3 `search/tunnel/{id}`, issue 19): the drive with its faces, a date slider (first
 * shift to today) that moves the faces and the part excavated on the map, the sequence steps planned vs actual, the
 * advance per day, the shift reports (newest first, Delete for holders of the delete task), and the site's progress
 * drawings with the upload action.
 */
export function TunnelDetailPanel({ siteId, onShowOnMap }: TunnelDetailPanelProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const query = useTunnelProgress(siteId);
  const canDelete = useCan(CONSTRUCTION_DELETE_TASKS.progress);
  const remove = useDeleteRow(siteId);
  const today = useToday();
  const [date, setDate] = useTunnelDate();
  const progress = query.data;
  useShowSiteOnMap(progress?.site ?? null, onShowOnMap);

  const days = useMemo(() => (progress ? sliderDays(progress.shifts, today) : null), [progress, today]);
  const at = date ?? today;
  const line = progress?.site.geometry?.type === 'LineString' ? progress.site.geometry.coordinates : null;
  const faces = useMemo(() => (progress ? facesAt(progress.shifts, at, line, progress.chainage_start ?? 0) : []), [progress, at, line]);
  const advance = useMemo(
    () =>
      advanceOption(
        progress?.advance_per_day ?? [],
        { axis: t('construction.tunnel.advanceAxis'), series: t('construction.tunnel.advanceSeries') },
        { text: theme.palette.text.secondary, grid: theme.palette.divider, bar: theme.palette.secondary.main },
      ),
    [progress, t, theme],
  );

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('construction.tunnel.notFound')} />;
  const p = query.data;
  const site = p.site;

  const columns: DataTableColumn<TTunnelShiftRow>[] = [
    { id: 'date', label: t('construction.field.date'), render: (r) => formatDay(r.date), noWrap: true },
    { id: 'shift', label: t('construction.field.shift'), render: (r) => t(`construction.shift.${r.shift}`) },
    { id: 'face', label: t('construction.field.facePart'), render: (r) => t(`construction.facePart.${r.face_part}`), noWrap: true },
    { id: 'chainage', label: t('construction.field.chainage'), align: 'right', render: (r) => formatNumber(r.chainage, 1) },
    { id: 'advance', label: t('construction.field.advance'), align: 'right', render: (r) => formatNumber(r.advance, 1) },
    { id: 'bolts', label: t('construction.field.rockBolts'), align: 'right', render: (r) => formatNumber(r.rock_bolts, 0) },
    { id: 'shotcrete', label: t('construction.field.shotcrete'), align: 'right', render: (r) => formatNumber(r.shotcrete, 0) },
    { id: 'girders', label: t('construction.field.latticeGirders'), align: 'right', render: (r) => formatNumber(r.lattice_girders, 0) },
    { id: 'geology', label: t('construction.field.geology'), render: (r) => r.geology_class || EMPTY_VALUE },
    { id: 'remarks', label: t('construction.field.remarks'), render: (r) => r.remarks || EMPTY_VALUE },
    ...(canDelete
      ? [
          {
            id: 'delete',
            label: '',
            render: (r: TTunnelShiftRow) => {
              const what = t('construction.delete.shift', {
                date: formatDay(r.date),
                // Inside a sentence: "the top heading report of 03/10/2026 (day shift)".
                shift: t(`construction.shift.${r.shift}`).toLowerCase(),
                face: t(`construction.facePart.${r.face_part}`).toLowerCase(),
              });
              return <DeleteRowButton label={t('construction.delete.named', { what })} onClick={() => void remove('tunnel-shifts', r.shift_id, what)} />;
            },
          },
        ]
      : []),
  ];

  const items = [
    { label: t('construction.field.contract'), value: site.contract_no },
    { label: t('construction.field.description'), value: site.description || EMPTY_VALUE },
    { label: t('construction.field.progress'), value: <ProgressText type="MT" summary={p.summary} /> },
    {
      label: t('construction.tunnel.alignment'),
      value:
        p.chainage_start === null || p.chainage_end === null
          ? t('construction.tunnel.noAlignment')
          : t('construction.tunnel.chainageRange', { from: formatNumber(p.chainage_start, 1), to: formatNumber(p.chainage_end, 1) }),
    },
  ];
  const value = date === null || !days ? (days?.max ?? 0) : Math.min(Math.max(dayIndex(date), days.min), days.max);

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <SiteHeading site={site} onShowOnMap={onShowOnMap} />
      <DetailList items={items} />
      <Part title={t('construction.tunnel.facesTitle')}>
        {days ? (
          <Stack spacing={1}>
            <Box sx={{ px: 1.5 }}>
              <Slider
                min={days.min}
                max={days.max}
                step={1}
                value={value}
                onChange={(_event, v) => {
                  const day = Array.isArray(v) ? v[0]! : v;
                  setDate(day >= days.max ? null : dayText(day));
                }}
                valueLabelDisplay="auto"
                valueLabelFormat={(v) => formatDay(dayText(v))}
                getAriaValueText={(v) => formatDay(dayText(v))}
                slotProps={{ input: { 'aria-label': t('construction.tunnel.dateSlider') } }}
              />
            </Box>
            <Typography variant="body2" color="text.secondary" data-testid="tunnel-date">
              {t('construction.tunnel.atDate', { date: formatDay(dayText(value)) })}
            </Typography>
            {faces.length === 0 ? (
              <Typography color="text.secondary">{t('construction.tunnel.noFaceYet')}</Typography>
            ) : (
              <List dense aria-label={t('construction.tunnel.facesTitle')} sx={{ py: 0 }}>
                {faces.map((f) => (
                  <ListItem key={f.face_part} disableGutters data-testid="tunnel-face">
                    <ListItemText
                      primary={`${t(`construction.facePart.${f.face_part}`)}: ${t('construction.tunnel.faceChainage', { chainage: formatNumber(f.chainage, 1) })}`}
                      secondary={`${formatDay(f.date)} ${t(`construction.shift.${f.shift}`)}${f.x === null ? ` · ${t('construction.tunnel.offAlignment')}` : ''}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Stack>
        ) : (
          <Typography color="text.secondary">{t('construction.progress.none')}</Typography>
        )}
      </Part>
      <Part title={t('construction.stages.tunnelTitle')}>
        {p.stages.length === 0 ? (
          <Typography color="text.secondary">{t('construction.stages.noneTunnel')}</Typography>
        ) : (
          <StagesTable type="MT" stages={p.stages} />
        )}
      </Part>
      <Part title={t('construction.tunnel.advanceTitle')}>
        <EChart
          option={advance}
          empty={p.advance_per_day.length === 0}
          height={240}
          label={t('construction.tunnel.advanceLabel', { name: site.site_name })}
          description={t('construction.tunnel.advanceDescription', { count: p.advance_per_day.length })}
        />
      </Part>
      <Part title={t('construction.tunnel.shiftsTitle')}>
        <ClientTable
          label={t('construction.tunnel.shiftsTitle')}
          columns={columns}
          rows={[...p.shifts].reverse()}
          getRowId={(r) => r.shift_id}
          emptyText={t('construction.tunnel.noShifts')}
        />
      </Part>
      <Drawings site={site} />
    </Stack>
  );
}

/**
 * The site's progress drawings, newest progress date first, each with its date, whether it is on the map (PNG and JPEG
 * only) and Download; for holders of a site task, Upload Progress Drawing (spec §2.3) and, per drawing, "Place on map"
 * (its date and place).
 */
function Drawings({ site }: { site: TSite }) {
  const { t } = useTranslation();
  const toast = useToast();
  const drawings = useSiteDrawings(site.site_id);
  const canUpload = useCan(...DRAWING_UPLOAD_TASKS);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<TSiteDrawing | null>(null);
  const download = async (url: string, fileName: string) => {
    try {
      await downloadFile(url, { useResourceToken: true, fileName });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };
  const placement = (d: TSiteDrawing) =>
    !isPlaceableDrawing(d.content_type)
      ? t('construction.drawings.notPlaceable')
      : d.extent
        ? t('construction.drawings.onMap')
        : t('construction.drawings.notOnMap');
  let body;
  if (drawings.isError) body = <LoadError error={drawings.error} onRetry={() => void drawings.refetch()} />;
  else if (!drawings.data) body = <Loading />;
  else if (drawings.data.records.length === 0) body = <Typography color="text.secondary">{t('construction.drawings.none')}</Typography>;
  else {
    body = (
      <List dense aria-label={t('construction.drawings.title')} sx={{ py: 0 }}>
        {drawings.data.records.map((d) => {
          const editLabel = isPlaceableDrawing(d.content_type)
            ? t('construction.drawings.placeNamed', { file: d.file_name })
            : t('construction.drawings.dateNamed', { file: d.file_name });
          return (
            <ListItem
              key={d.drawing_id}
              divider
              data-testid="progress-drawing-row"
              sx={{ pr: canUpload ? 12 : 6 }}
              secondaryAction={
                <Stack direction="row" spacing={0.5}>
                  {canUpload && (
                    <Tooltip title={editLabel}>
                      <IconButton aria-label={editLabel} onClick={() => setEditing(d)}>
                        <EditLocationAlt />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={t('construction.drawings.download', { file: d.file_name })}>
                    <IconButton
                      edge="end"
                      aria-label={t('construction.drawings.download', { file: d.file_name })}
                      onClick={() => void download(d.url, d.file_name)}
                    >
                      <FileDownload />
                    </IconButton>
                  </Tooltip>
                </Stack>
              }
            >
              <ListItemText
                primary={d.file_name}
                secondary={[
                  d.drawing_date ? t('construction.drawings.dated', { date: formatDay(d.drawing_date) }) : t('construction.drawings.undated'),
                  placement(d),
                  `${t('construction.drawings.uploaded', { time: formatDateTime(d.uploaded_at) })}${d.uploaded_by ? ` · ${d.uploaded_by}` : ''}`,
                ].join(' · ')}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          );
        })}
      </List>
    );
  }
  return (
    <Part
      title={t('construction.drawings.title')}
      action={
        canUpload && (
          <Button size="small" variant="contained" startIcon={<UploadFile />} onClick={() => setUploading(true)}>
            {t('construction.drawings.upload')}
          </Button>
        )
      }
    >
      {body}
      {canUpload && <UploadDrawingDialog site={site} open={uploading} onClose={() => setUploading(false)} onUploaded={() => drawings.refetch()} />}
      {canUpload && <EditDrawingDialog site={site} drawing={editing} onClose={() => setEditing(null)} onSaved={() => drawings.refetch()} />}
    </Part>
  );
}
