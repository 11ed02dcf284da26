import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TProjectRisk } from '@strata/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChartPanel, type ChartLine } from '../../../components/chart';
import { clientPage, DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useConfig } from '../../../lib/config';
import { useAlertContracts, useAlertsLive } from '../api/keys';
import { useProjectRisks } from '../api/project-risks';
import { NoContractNote } from '../components/no-contract-note';
import { textOn } from '../../../lib/text-on';

/** The rating's colour, from the spec's palette (§9: green, blue, red) and the severity colours. */
export const RATING_COLORS: Record<string, string> = { Low: '#018e27', Medium: '#fb8c00', High: '#db170d', 'Very High': '#8b0000' };

export const RISK_CHART_HEIGHT = 260;

/** A row's key: the contract, and its zone (`-` for the contract's total, `0` for instruments without a zone). */
export function riskKey(row: Pick<TProjectRisk, 'contract_id' | 'zone_id' | 'zone_name'>): string {
  if (row.zone_id === null && row.zone_name === null) return `${row.contract_id}:-`;
  return `${row.contract_id}:${row.zone_id ?? 0}`;
}

export function isContractRow(row: Pick<TProjectRisk, 'zone_id' | 'zone_name'>): boolean {
  return row.zone_id === null && row.zone_name === null;
}

/** Open alerts per level, in the levels' order (CL, AL, PDL, WSL); unknown codes after them. */
export function byLevelText(byLevel: Record<string, number>, order: readonly string[]): string {
  const rank = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length);
  const parts = Object.entries(byLevel)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  return parts.length > 0 ? parts.map(([code, n]) => `${code} ${n}`).join(' · ') : '—';
}

function RatingChip({ rating }: { rating: string }) {
  const color = RATING_COLORS[rating] ?? '#757575';
  return <Chip size="small" label={rating} data-testid="risk-rating" sx={{ bgcolor: color, color: textOn(color), fontWeight: 600 }} />;
}

/**
 * `/alert/project-risks` Project Performance Risk Rating (spec §2.6): per active contract, and per zone under it, the
 * score from the open alerts weighted by the risk-rating settings, its rating, and the 30-day trend of the chosen row
 * as a chart (a click on a row chooses it).
 */
export function ProjectRisksPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const contracts = useAlertContracts();
  const query = useProjectRisks(contracts);
  useAlertsLive();
  const records = useMemo(() => query.data?.records ?? [], [query.data]);
  const levelOrder = useMemo(() => (config.data?.thresholds ?? []).map((l) => l.code), [config.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [table, setTable] = useState<TableQuery>({ page: 1, pageSize: 25, sort: null });
  const row = records.find((r) => riskKey(r) === chosen) ?? records[0];
  const nameOf = (r: TProjectRisk) =>
    isContractRow(r) ? `${r.contract_no} — ${r.contract_title}` : `${r.contract_no} · ${r.zone_name ?? t('alerts.risks.noZone')}`;
  const lines = useMemo<ChartLine[]>(
    () =>
      row ? [{ name: t('alerts.risks.score'), points: row.trend.map((p) => [Date.parse(`${p.date}T12:00:00Z`), p.score] as const), color: '#0471d1' }] : [],
    [row, t],
  );

  const columns: DataTableColumn<TProjectRisk>[] = [
    {
      id: 'name',
      label: t('alerts.risks.contractZone'),
      minWidth: 180,
      render: (r) => {
        const shown = row !== undefined && riskKey(r) === riskKey(row);
        return (
          <Box
            component="span"
            aria-current={shown ? 'true' : undefined}
            sx={{ display: 'inline-block', pl: isContractRow(r) ? 0 : 2, fontWeight: isContractRow(r) ? 600 : 400, color: shown ? 'primary.main' : undefined }}
          >
            {isContractRow(r) ? `${r.contract_no} — ${r.contract_title}` : (r.zone_name ?? t('alerts.risks.noZone'))}
          </Box>
        );
      },
    },
    { id: 'score', label: t('alerts.risks.score'), format: 'number', decimals: 1 },
    { id: 'rating', label: t('alerts.risks.rating'), render: (r) => <RatingChip rating={r.rating} /> },
    { id: 'open_alerts', label: t('alerts.risks.openAlerts'), format: 'number', decimals: 0 },
    { id: 'by_level', label: t('alerts.risks.byLevel'), render: (r) => byLevelText(r.by_level, levelOrder) },
  ];

  if (contracts === null) return <NoContractNote />;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (records.length === 0) return <EmptyText>{t('alerts.risks.empty')}</EmptyText>;
  const page = clientPage(records, table);

  return (
    <Stack spacing={2}>
      <Section title={t('alerts.risks.trendTitle')} subheader={row ? nameOf(row) : undefined}>
        {row && (
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">{t('alerts.risks.current', { score: row.score.toFixed(1) })}</Typography>
              <RatingChip rating={row.rating} />
            </Stack>
            <LineChartPanel
              lines={lines}
              yName={t('alerts.risks.score')}
              precision={1}
              height={RISK_CHART_HEIGHT}
              label={t('alerts.risks.chartLabel', { name: nameOf(row) })}
              fileName={`risk-${riskKey(row).replace(':', '-')}`}
              timezone={config.data?.timezone}
            />
          </Stack>
        )}
      </Section>
      <Section title={t('alerts.risks.tableTitle')} subheader={t('alerts.risks.tableHint')}>
        <DataTable
          label={t('alerts.risks.tableLabel')}
          columns={columns}
          rows={page.rows}
          total={page.total}
          page={table.page}
          pageSize={table.pageSize}
          onChange={setTable}
          getRowId={riskKey}
          onRowClick={(r) => setChosen(riskKey(r))}
        />
      </Section>
    </Stack>
  );
}
