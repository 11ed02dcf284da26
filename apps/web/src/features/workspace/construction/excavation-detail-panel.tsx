import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONSTRUCTION_DELETE_TASKS, type TExcavationDesign, type TExcavationLevel, type TExcavationSupport } from '@strata/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChartPanel } from '../../../components/chart';
import type { DataTableColumn } from '../../../components/data-table';
import { DetailList } from '../../../components/detail-list';
import { LoadError, Loading } from '../../../components/query-states';
import { useTimezone } from '../../../lib/config';
import { formatDateTime } from '../../../lib/display-time';
import { useCan } from '../../../lib/use-can';
import type { Svy21Extent } from '../state/url-state';
import { useExcavationProgress } from './api';
import { progressChartData } from './excavation-chart';
import { EMPTY_VALUE, formatDay, formatNumber } from './format';
import { NearbyInstruments } from './nearby-instruments';
import { ClientTable, DeleteRowButton, Part, SiteHeading } from './parts';
import { ProgressText } from './progress-text';
import { StagesTable } from './stages-table';
import { useDeleteRow } from './use-delete-row';
import { useShowSiteOnMap } from './use-show-site';

export interface ExcavationDetailPanelProps {
  siteId: number;
  /** The work space's contracts (their instruments are the ones looked for near the site). */
  contractIds: readonly number[];
  /** Fit the map to the site: on opening (`auto`, once the site is known) and when asked. */
  onShowOnMap: (extent: Svy21Extent, auto: boolean) => void;
}

const designValue = (value: string | number) => (typeof value === 'number' ? String(value) : value);

/**
 * An excavation site's detail (spec §2.3 `search/excavation/{id}`, issue 19): the site and its design values, its
 * stages planned vs actual, the progress chart (levels per zone over time, struts and anchors, formation level and stage
 * targets), the level rows, the supports and the design values per stage (each with Delete for holders of the delete
 * task), and the instruments inside or near the site with the combined chart.
 */
export function ExcavationDetailPanel({ siteId, contractIds, onShowOnMap }: ExcavationDetailPanelProps) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const query = useExcavationProgress(siteId);
  const canDeleteProgress = useCan(CONSTRUCTION_DELETE_TASKS.progress);
  const canDeleteDesign = useCan(CONSTRUCTION_DELETE_TASKS.design);
  const remove = useDeleteRow(siteId);
  const progress = query.data;
  useShowSiteOnMap(progress?.site ?? null, onShowOnMap);

  const chart = useMemo(
    () =>
      progress
        ? progressChartData(progress, tz, {
            level: t('construction.chart.level'),
            zone: (zone) => t('construction.chart.zone', { zone }),
            strut: (label) => t('construction.chart.strut', { label }),
            anchor: (label) => t('construction.chart.anchor', { label }),
            formation: t('construction.chart.formation'),
            stage: (no, name) => t('construction.chart.stageTarget', { no, name }),
          })
        : null,
    [progress, tz, t],
  );

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('construction.excavation.notFound')} />;
  const p = query.data;
  const site = p.site;
  const stageName = (no: number | null) => (no === null ? EMPTY_VALUE : (site.stages.find((s) => s.stage_no === no)?.name ?? String(no)));

  const levelColumns: DataTableColumn<TExcavationLevel>[] = [
    { id: 'date', label: t('construction.field.date'), render: (r) => formatDay(r.date), noWrap: true },
    { id: 'zone', label: t('construction.field.zone'), render: (r) => r.zone || EMPTY_VALUE },
    { id: 'stage', label: t('construction.field.stage'), render: (r) => stageName(r.stage_no) },
    { id: 'level', label: t('construction.field.levelMrl'), align: 'right', render: (r) => formatNumber(r.level) },
    { id: 'remarks', label: t('construction.field.remarks'), render: (r) => r.remarks || EMPTY_VALUE },
    ...(canDeleteProgress
      ? [
          {
            id: 'delete',
            label: '',
            render: (r: TExcavationLevel) => {
              const what = t('construction.delete.level', { date: formatDay(r.date), zone: r.zone || EMPTY_VALUE });
              return (
                <DeleteRowButton label={t('construction.delete.named', { what })} onClick={() => void remove('excavation-progress', r.progress_id, what)} />
              );
            },
          },
        ]
      : []),
  ];
  const supportColumns: DataTableColumn<TExcavationSupport>[] = [
    { id: 'label', label: t('construction.field.label'), render: (r) => r.label },
    { id: 'kind', label: t('construction.field.kind'), render: (r) => t(`construction.support.${r.kind}`) },
    { id: 'level', label: t('construction.field.levelMrl'), align: 'right', render: (r) => formatNumber(r.level) },
    { id: 'installed', label: t('construction.field.installedAt'), render: (r) => formatDateTime(r.installed_at), noWrap: true },
    { id: 'zone', label: t('construction.field.zone'), render: (r) => r.zone || EMPTY_VALUE },
    { id: 'stage', label: t('construction.field.stage'), render: (r) => stageName(r.stage_no) },
    { id: 'remarks', label: t('construction.field.remarks'), render: (r) => r.remarks || EMPTY_VALUE },
    ...(canDeleteProgress
      ? [
          {
            id: 'delete',
            label: '',
            render: (r: TExcavationSupport) => {
              const what = t('construction.delete.support', { label: r.label });
              return (
                <DeleteRowButton label={t('construction.delete.named', { what })} onClick={() => void remove('excavation-supports', r.support_id, what)} />
              );
            },
          },
        ]
      : []),
  ];
  const designColumns: DataTableColumn<TExcavationDesign>[] = [
    { id: 'stage', label: t('construction.field.stage'), render: (r) => `${r.stage_no}. ${stageName(r.stage_no)}` },
    { id: 'wall', label: t('construction.field.wallDeflection'), align: 'right', render: (r) => formatNumber(r.wall_deflection, 1) },
    { id: 'strut', label: t('construction.field.strutForce'), align: 'right', render: (r) => formatNumber(r.strut_force, 0) },
    { id: 'settlement', label: t('construction.field.settlement'), align: 'right', render: (r) => formatNumber(r.settlement, 1) },
    { id: 'remarks', label: t('construction.field.remarks'), render: (r) => r.remarks || EMPTY_VALUE },
    ...(canDeleteDesign
      ? [
          {
            id: 'delete',
            label: '',
            render: (r: TExcavationDesign) => {
              const what = t('construction.delete.design', { no: r.stage_no });
              return <DeleteRowButton label={t('construction.delete.named', { what })} onClick={() => void remove('excavation-design', r.design_id, what)} />;
            },
          },
        ]
      : []),
  ];

  const items = [
    { label: t('construction.field.contract'), value: site.contract_no },
    { label: t('construction.field.description'), value: site.description || EMPTY_VALUE },
    { label: t('construction.field.progress'), value: <ProgressText type="E" summary={p.summary} /> },
    ...p.zones
      .filter((z) => z.zone !== '')
      .map((z) => ({
        label: t('construction.chart.zone', { zone: z.zone }),
        value: t('construction.excavation.zoneLatest', { level: formatNumber(z.level), date: formatDay(z.date) }),
      })),
    ...Object.entries(site.design_values).map(([name, value]) => ({ label: name, value: designValue(value) })),
  ];
  const newestFirst = [...p.levels].reverse();

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <SiteHeading site={site} onShowOnMap={onShowOnMap} />
      <DetailList items={items} />
      <Part title={t('construction.stages.excavationTitle')}>
        {p.stages.length === 0 ? <Typography color="text.secondary">{t('construction.stages.none')}</Typography> : <StagesTable type="E" stages={p.stages} />}
      </Part>
      <Part title={t('construction.chart.progressTitle')}>
        <LineChartPanel
          lines={chart?.lines ?? []}
          thresholds={chart?.marks ?? []}
          yName={t('construction.chart.levelAxis')}
          precision={2}
          height={320}
          label={t('construction.chart.progressLabel', { name: site.site_name })}
          dataNote={t('construction.chart.progressNote')}
          fileName={`${site.contract_no}-${site.site_name}-progress`}
        />
      </Part>
      <Part title={t('construction.excavation.levelsTitle')}>
        <ClientTable
          label={t('construction.excavation.levelsTitle')}
          columns={levelColumns}
          rows={newestFirst}
          getRowId={(r) => r.progress_id}
          emptyText={t('construction.progress.none')}
        />
      </Part>
      <Part title={t('construction.excavation.supportsTitle')}>
        <ClientTable
          label={t('construction.excavation.supportsTitle')}
          columns={supportColumns}
          rows={p.supports}
          getRowId={(r) => r.support_id}
          emptyText={t('construction.excavation.noSupports')}
        />
      </Part>
      <Part title={t('construction.excavation.designTitle')}>
        <ClientTable
          label={t('construction.excavation.designTitle')}
          columns={designColumns}
          rows={p.design}
          getRowId={(r) => r.design_id}
          emptyText={t('construction.excavation.noDesign')}
        />
      </Part>
      <NearbyInstruments site={site} contractIds={contractIds} levelLines={chart?.lines ?? []} />
    </Stack>
  );
}
