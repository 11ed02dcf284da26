import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type TScenarioPreview } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useTranslation } from 'react-i18next';

/** What the rule would have raised: one row per alert it would have opened, or the clear empty state. */
export function PreviewResult({ preview }: { preview: TScenarioPreview }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('alertRules.preview.window', { from: formatDateTime(preview.from), to: formatDateTime(preview.to), count: preview.instrument_count })}
      </Typography>
      {preview.triggers.length === 0 ? (
        <Typography role="status" sx={{ py: 1, fontWeight: 500 }}>
          {t('alertRules.preview.empty')}
        </Typography>
      ) : (
        <>
          <Typography role="status" sx={{ mb: 1, fontWeight: 500 }}>
            {t('alertRules.preview.found', { count: preview.triggers.length })}
          </Typography>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('alertRules.preview.tableLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('alertRules.preview.from')}</TableCell>
                  <TableCell>{t('alertRules.preview.until')}</TableCell>
                  <TableCell align="right">{t('alertRules.preview.count')}</TableCell>
                  <TableCell>{t('alertRules.preview.instruments')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.triggers.map((trigger) => (
                  <TableRow key={trigger.at}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(trigger.at)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{trigger.until ? formatDateTime(trigger.until) : t('alertRules.preview.stillHolding')}</TableCell>
                    <TableCell align="right">{trigger.count}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{trigger.instruments.map((i) => i.name).join(', ')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </>
  );
}
