import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { type ActionCaseCategory } from '@strata/shared';
import { translateServerMessage } from '../../../lib/i18n';
import { displayTimeZone, formatDateTime } from '../../../lib/display-time';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { useGo } from '../../../lib/page-nav';
import { useCaseCandidates, useInstrumentSearch } from '../api/cases';
import { useCaseContracts } from '../api/keys';
import { caseDetailPath, newCasePath } from '../paths';
import { LevelChip } from './chips';

export interface OpenCaseDialogProps {
  open: boolean;
  category: ActionCaseCategory;
  onClose: () => void;
}

/** Open alerts of the category (breached or scenario) to choose one from; each leads to the new-case page. */
function AlertChoice({ category, keyword }: { category: 'breached' | 'scenario'; keyword: string }) {
  const { t } = useTranslation();
  const go = useGo();
  const contracts = useCaseContracts();
  const query = useCaseCandidates(contracts === null ? null : { category, keyword, contracts });
  if (contracts === null) return <EmptyText>{t('actionLog.noContract')}</EmptyText>;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.records.length === 0) return <EmptyText>{t('actionLog.pick.noAlerts')}</EmptyText>;
  return (
    <List dense aria-label={t('actionLog.pick.alerts')} disablePadding>
      {query.data.records.map((a) => (
        <ListItem key={a.alert_id} disablePadding divider>
          {a.open_case_id === null ? (
            <ListItemButton onClick={() => go(newCasePath({ alertId: a.alert_id }))} sx={{ alignItems: 'flex-start', gap: 1 }}>
              {a.level_code && <LevelChip code={a.level_code} color={a.level_color} />}
              <ListItemText
                primary={translateServerMessage(a, displayTimeZone())}
                secondary={`${a.contract_no} · ${formatDateTime(a.last_triggered_at)}`}
                sx={{ my: 0, overflowWrap: 'anywhere' }}
              />
            </ListItemButton>
          ) : (
            <Stack direction="row" spacing={1} sx={{ px: 2, py: 1, alignItems: 'flex-start', width: '100%' }}>
              {a.level_code && <LevelChip code={a.level_code} color={a.level_color} />}
              <ListItemText
                primary={translateServerMessage(a, displayTimeZone())}
                secondary={<AppLink to={caseDetailPath(a.open_case_id)}>{t('actionLog.pick.hasCase', { id: a.open_case_id })}</AppLink>}
                slotProps={{ secondary: { component: 'div' } }}
                sx={{ my: 0, overflowWrap: 'anywhere' }}
              />
            </Stack>
          )}
        </ListItem>
      ))}
    </List>
  );
}

/** Instruments of the active contracts matching the search, to choose the damaged one from. */
function InstrumentChoice({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const go = useGo();
  const contracts = useCaseContracts();
  const query = useInstrumentSearch(contracts === null ? null : { keyword, contracts });
  if (contracts === null) return <EmptyText>{t('actionLog.noContract')}</EmptyText>;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.records.length === 0) return <EmptyText>{t('actionLog.pick.noInstruments')}</EmptyText>;
  return (
    <List dense aria-label={t('actionLog.pick.instruments')} disablePadding>
      {query.data.records.map((i) => (
        <ListItem key={i.instrument_id} disablePadding divider>
          <ListItemButton onClick={() => go(newCasePath({ instrumentId: i.instrument_id }))}>
            <ListItemText primary={i.name} secondary={`${i.type_name} · ${i.contract_no}`} sx={{ my: 0 }} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** "Open case" on a tab of the log: choose the alert (or the damaged instrument) the case is about. */
export function OpenCaseDialog({ open, category, onClose }: OpenCaseDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [keyword, setKeyword] = useState('');
  const damaged = category === 'damaged';
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(damaged ? 'actionLog.pick.instrumentTitle' : 'actionLog.pick.alertTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t(damaged ? 'actionLog.pick.instrumentHint' : 'actionLog.pick.alertHint')}
          </Typography>
          <SearchField
            label={t(damaged ? 'actionLog.pick.searchInstruments' : 'actionLog.pick.searchAlerts')}
            value={keyword}
            onSearch={setKeyword}
            fullWidth
          />
          {open && (damaged ? <InstrumentChoice keyword={keyword} /> : <AlertChoice category={category} keyword={keyword} />)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actionLog.common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
