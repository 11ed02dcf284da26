import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TStructure, TStructureKind, TStructureMonitoring } from '@strata/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link';
import { DetailList } from '../../components/detail-list';
import { AppAlert, useDialog, useToast } from '../../components/feedback';
import { MapView, PointLayer } from '../../components/map';
import { EmptyText, LoadError, Loading } from '../../components/query-states';
import { RecordComments } from '../../components/record-comments';
import { RecordDocuments, RecordFiles, RecordPhotos } from '../../components/record-files';
import { Section } from '../../components/section';
import { formatDateTime } from '../../lib/display-time';
import { errorText, isNotFound } from '../../lib/error-text';
import { idOrUndefined, useGo } from '../../lib/page-nav';
import { useCan } from '../../lib/use-can';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import { useDeleteStructure, useStructure, useStructureMonitoring } from './api';
import { KINDS, recordPath, type KindInfo } from './kinds';
import { OutlineLayer, outlinesExtent } from './components/outline-layer';
import { StatusChip } from './components/status-chip';

/** The tabs of a record's page, in order; the last path segment selects one (none: details). */
export const STRUCTURE_VIEWS = ['detail', 'photo', 'documents', 'files', 'comments'] as const;
type View = (typeof STRUCTURE_VIEWS)[number];

const number = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(1) : v.toFixed(2));

function trendText(change: number | null) {
  if (change === null) return '—';
  const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '▶';
  return `${arrow} ${change > 0 ? '+' : ''}${number(change)}`;
}

const dotStyle = (name: string) =>
  new Style({
    image: new CircleStyle({ radius: 6, fill: new Fill({ color: '#d32f2f' }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
    text: new Text({ text: name, offsetY: -14, font: '11px sans-serif', stroke: new Stroke({ color: '#fff', width: 3 }) }),
  });

function InstrumentsSection({ monitoring, info }: { monitoring: TStructureMonitoring; info: KindInfo }) {
  const { t } = useTranslation();
  void info;
  return (
    <Section title={t('structures.page.instruments')} subheader={t('structures.page.trendHint', { days: monitoring.trend_days })}>
      {monitoring.instruments.length === 0 ? (
        <EmptyText>{t('structures.page.noInstruments')}</EmptyText>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('structures.page.instruments')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('structures.page.instrument')}</TableCell>
                <TableCell>{t('structures.page.status')}</TableCell>
                <TableCell>{t('structures.page.latest')}</TableCell>
                <TableCell>{t('structures.page.trend')}</TableCell>
                <TableCell>{t('structures.page.readAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {monitoring.instruments.map((i) => (
                <TableRow key={i.instrument_id}>
                  <TableCell>
                    <AppLink to={`/dashboard/search/instrument/${i.instrument_id}`}>{i.name}</AppLink>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {i.type_code}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <StatusChip levelCode={i.level_code} />
                  </TableCell>
                  <TableCell>
                    {i.latest.length === 0
                      ? t('structures.page.noReadings')
                      : i.latest.slice(0, 4).map((l) => (
                          <Box key={l.series_id} sx={{ whiteSpace: 'nowrap' }}>
                            {l.code}
                            {l.depth !== null ? ` @${l.depth} m` : ''}: {number(l.value)} {l.unit}
                          </Box>
                        ))}
                  </TableCell>
                  <TableCell>
                    {i.latest.slice(0, 4).map((l) => (
                      <Box key={l.series_id} sx={{ whiteSpace: 'nowrap' }}>
                        {trendText(l.change)}
                      </Box>
                    ))}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.last_reading_at ? formatDateTime(i.last_reading_at) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

function AlertsSection({ monitoring }: { monitoring: TStructureMonitoring }) {
  const { t } = useTranslation();
  const caseOf = new Map(monitoring.cases.map((c) => [c.alert_id, c]));
  return (
    <Section title={t('structures.page.alerts')}>
      {monitoring.alerts.length === 0 ? (
        <EmptyText>{t('structures.page.noAlerts')}</EmptyText>
      ) : (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('structures.page.alerts')}>
          {monitoring.alerts.map((a) => {
            const kase = caseOf.get(a.alert_id);
            return (
              <Stack key={a.alert_id} component="li" direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <StatusChip levelCode={a.level_code} />
                <AppLink to={`/alert-detail/${a.alert_id}`}>{t('structures.page.alertLink', { id: a.alert_id, name: a.instrument_name })}</AppLink>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(a.last_triggered_at)}
                </Typography>
                {kase && <Chip size="small" variant="outlined" label={t('structures.page.caseOpen', { id: kase.case_id })} />}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}

function SitesSection({ monitoring, distance }: { monitoring: TStructureMonitoring; distance: number }) {
  const { t } = useTranslation();
  return (
    <Section title={t('structures.page.sites')} subheader={t('structures.page.sitesHint', { distance })}>
      {monitoring.sites.length === 0 ? (
        <EmptyText>{t('structures.page.noSites')}</EmptyText>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ pl: 2, m: 0 }} aria-label={t('structures.page.sites')}>
          {monitoring.sites.map((s) => (
            <li key={s.site_id}>
              {s.site_name} · {t(`structures.siteType.${s.type === 'MT' ? 'MT' : 'E'}`)} · {t('structures.page.metres', { distance: s.distance })}
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function Details({ structure, info }: { structure: TStructure; info: KindInfo }) {
  const { t } = useTranslation();
  const monitoring = useStructureMonitoring(info.kind, structure.structure_id);
  const outlines = useMemo(() => [{ id: structure.structure_id, name: structure.name, outline: structure.outline, selected: true }], [structure]);
  const extent = useMemo(() => outlinesExtent([structure.outline], structure.influence_distance + 60), [structure]);
  const style = useMemo(() => (i: TStructure['instruments'][number]) => dotStyle(i.name), []);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Section title={t('structures.page.details')} sx={{ flex: 1, minWidth: 0 }}>
          <DetailList
            items={[
              { label: t('structures.field.contract'), value: structure.contract_no },
              { label: t('structures.field.type'), value: t(`structures.type.${structure.structure_type}`) },
              { label: t('structures.field.owner'), value: structure.owner || '—' },
              { label: t('structures.field.influence'), value: t('structures.page.metres', { distance: structure.influence_distance }) },
              { label: t('structures.field.description'), value: structure.description || '—' },
            ]}
          />
        </Section>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <MapView label={t('structures.page.map')} extent={extent} height={{ xs: 280, sm: 340 }}>
            <OutlineLayer items={outlines} />
            <PointLayer items={structure.instruments} position={(i) => i} style={style} onPick={() => undefined} className="structure-instruments" />
          </MapView>
        </Box>
      </Stack>
      <Section title={t('structures.page.contacts')}>
        {structure.contacts.length === 0 ? (
          <EmptyText>{t('structures.form.noContacts')}</EmptyText>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('structures.page.contacts')}>
            {structure.contacts.map((c, i) => (
              <Box component="li" key={i}>
                <Typography sx={{ fontWeight: 600 }}>
                  {c.name}
                  {c.role ? ` — ${c.role}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {c.phone && <Link href={`tel:${c.phone.replace(/\s/g, '')}`}>{c.phone}</Link>}
                  {c.phone && c.email ? ' · ' : ''}
                  {c.email && <Link href={`mailto:${c.email}`}>{c.email}</Link>}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      {monitoring.error ? (
        <LoadError error={monitoring.error} onRetry={() => void monitoring.refetch()} />
      ) : !monitoring.data ? (
        <Loading label={t('structures.page.loadingMonitoring')} />
      ) : (
        <>
          <InstrumentsSection monitoring={monitoring.data} info={info} />
          <AlertsSection monitoring={monitoring.data} />
          <SitesSection monitoring={monitoring.data} distance={structure.influence_distance} />
        </>
      )}
    </Stack>
  );
}

function StructureView({ structure, info, view }: { structure: TStructure; info: KindInfo; view: View }) {
  const { t } = useTranslation();
  const go = useGo();
  const toast = useToast();
  const confirm = useDialog();
  const canManage = useCan(info.manage);
  const remove = useDeleteStructure(info.kind);
  const base = recordPath(info, structure.structure_id);
  const onDelete = async () => {
    const ok = await confirm({
      title: t(`structures.kind.${info.words}.deleteTitle`),
      prompt: t('structures.page.confirmDelete', { name: structure.name }),
      positive: t('structures.page.delete'),
      negative: t('structures.form.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(structure.structure_id);
      toast({ color: 'success', message: t('structures.page.deleted', { name: structure.name }) });
      go(info.workspace, { replace: true });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 1366 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {structure.name}
        </Typography>
        <Chip size="small" label={t(`structures.type.${structure.structure_type}`)} />
        {structure.open_alert_count > 0 && <Chip size="small" color="error" label={t('structures.list.alertCount', { count: structure.open_alert_count })} />}
        {canManage && (
          <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' } }}>
            <Button startIcon={<Edit />} onClick={() => go(`${base}/edit`)}>
              {t('structures.page.edit')}
            </Button>
            <Button color="error" startIcon={<Delete />} onClick={() => void onDelete()} disabled={remove.isPending}>
              {t('structures.page.delete')}
            </Button>
          </Stack>
        )}
      </Stack>
      <Tabs
        value={view}
        onChange={(_e, next: View) => go(next === 'detail' ? base : `${base}/${next}`, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {STRUCTURE_VIEWS.map((v) => (
          <Tab key={v} value={v} label={t(`structures.views.${v}`)} />
        ))}
      </Tabs>
      {view === 'detail' && <Details structure={structure} info={info} />}
      {view === 'photo' && <RecordPhotos category={info.kind} refId={structure.structure_id} canUpload />}
      {view === 'documents' && <RecordDocuments category={info.kind} refId={structure.structure_id} canUpload />}
      {view === 'files' && <RecordFiles category={info.kind} refId={structure.structure_id} />}
      {view === 'comments' && <RecordComments topic={info.kind} refId={structure.structure_id} linkUri={base} canManage={canManage} />}
    </Stack>
  );
}

/** `/dashboard/{kind}/{id}/{view?}`: a structure's details, contacts, instruments with status and trend, alerts, sites nearby; tabs. */
export function StructurePage({ kind }: { kind: TStructureKind }) {
  const { t } = useTranslation();
  const info = KINDS[kind];
  const params = useParams();
  const id = idOrUndefined(params.id);
  const view: View = (STRUCTURE_VIEWS as readonly string[]).includes(params.view ?? '') ? (params.view as View) : 'detail';
  const query = useStructure(kind, id);
  if (id === undefined || isNotFound(query.error)) return <AppAlert type="warning" message={t(`structures.kind.${info.words}.notFound`)} />;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  return <StructureView structure={query.data} info={info} view={view} />;
}

export function CriticalInterfacePage() {
  return <StructurePage kind="critical-interface" />;
}
export function MiningWorksPage() {
  return <StructurePage kind="mining-works" />;
}
