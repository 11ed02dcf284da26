import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SiteType, TStageProgress } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatDay, formatNumber, progressDecimals } from './format';

/**
 * A site's stages (an excavation) or sequence steps (a mined tunnel): planned start and end against the actual ones,
 * and the target (formation level, mRL; chainage, m). A stage started late or ended after its plan is marked.
 */
export function StagesTable({ type, stages }: { type: SiteType; stages: readonly TStageProgress[] }) {
  const { t } = useTranslation();
  const label = t(type === 'E' ? 'construction.stages.excavationLabel' : 'construction.stages.tunnelLabel');
  if (stages.length === 0) return null;
  const late = (actual: string | null, planned: string | null) => actual !== null && planned !== null && actual > planned;
  return (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t(type === 'E' ? 'construction.stages.stage' : 'construction.stages.step')}</TableCell>
            <TableCell align="right">{t(type === 'E' ? 'construction.stages.targetLevel' : 'construction.stages.targetChainage')}</TableCell>
            <TableCell>{t('construction.stages.plannedStart')}</TableCell>
            <TableCell>{t('construction.stages.plannedEnd')}</TableCell>
            <TableCell>{t('construction.stages.actualStart')}</TableCell>
            <TableCell>{t('construction.stages.actualEnd')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {stages.map((s) => (
            <TableRow key={s.stage_no}>
              <TableCell>{`${s.stage_no}. ${s.name}`}</TableCell>
              <TableCell align="right">{formatNumber(s.target, progressDecimals(type))}</TableCell>
              <TableCell>{formatDay(s.planned_start)}</TableCell>
              <TableCell>{formatDay(s.planned_end)}</TableCell>
              <TableCell sx={late(s.actual_start, s.planned_start) ? { color: 'warning.dark', fontWeight: 600 } : undefined}>
                {formatDay(s.actual_start)}
              </TableCell>
              <TableCell sx={late(s.actual_end, s.planned_end) ? { color: 'warning.dark', fontWeight: 600 } : undefined}>
                {s.actual_end === null && s.actual_start !== null ? t('construction.stages.inProgress') : formatDay(s.actual_end)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
