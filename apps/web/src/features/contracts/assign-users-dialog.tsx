import Checkbox from '@mui/material/Checkbox';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { isSafeText } from '@strata/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../components/feedback';
import { useUserCandidates } from './api';
import { errorText } from '../../lib/error-text';
import { LoadError } from '../../components/query-states';

export interface AssignUsersDialogProps {
  contractId: number;
  contractNo: string;
  open: boolean;
  onClose: () => void;
  /** Assigns the chosen users; throws to keep the dialog open with the error. */
  onAssign: (userIds: number[]) => Promise<void>;
}

/** Spec §9: user search debounce. */
const SEARCH_DEBOUNCE_MS = 500;

/** The text typed, passed on SEARCH_DEBOUNCE_MS after the last key. */
function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function CandidateList({
  contractId,
  keyword,
  selected,
  onToggle,
}: {
  contractId: number;
  keyword: string;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation();
  const query = useUserCandidates(contractId, keyword);
  const labelId = useId();
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const records = query.data?.records ?? [];
  return (
    <>
      <LinearProgress sx={{ visibility: query.isFetching ? 'visible' : 'hidden' }} aria-hidden />
      {query.data && records.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('contractsAdmin.users.noCandidates')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('contractsAdmin.users.candidates')} sx={{ maxHeight: { xs: 'none', sm: 360 }, overflowY: 'auto' }}>
          {records.map((user) => {
            const id = `${labelId}-${user.user_id}`;
            return (
              <ListItem key={user.user_id} disablePadding divider>
                <ListItemButton onClick={() => onToggle(user.user_id)} dense>
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Checkbox edge="start" checked={selected.has(user.user_id)} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-labelledby': id } }} />
                  </ListItemIcon>
                  <ListItemText
                    slotProps={{ primary: { id } }}
                    primary={`${user.fullname} (${user.login_name})`}
                    secondary={[t(`userType.${user.user_type}` as 'userType.0'), user.contractor_name, user.email].filter(Boolean).join(' · ')}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      {query.data && query.data.total_records > records.length && (
        <Typography variant="body2" color="text.secondary">
          {t('contractsAdmin.users.more', { shown: records.length, total: query.data.total_records })}
        </Typography>
      )}
    </>
  );
}

/** Assign User: search the users who may be assigned (not yet assigned), tick some, Assign. */
export function AssignUsersDialog({ contractId, contractNo, open, onClose, onAssign }: AssignUsersDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const safe = isSafeText(text);
  const keyword = useDebounced(safe ? text.trim() : '', SEARCH_DEBOUNCE_MS);
  const titleId = useId();

  useEffect(() => {
    if (open) {
      setText('');
      setSelected(new Set());
      setError(null);
    }
  }, [open]);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onAssign([...selected]);
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('contractsAdmin.users.dialogTitle', { no: contractNo })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <TextField
            type="search"
            size="small"
            autoFocus
            label={t('contractsAdmin.users.search')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={!safe}
            helperText={safe ? t('contractsAdmin.users.searchHint') : t('messages.maliciousInput')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('contractsAdmin.users.contractorRule')}
          </Typography>
          {open && <CandidateList contractId={contractId} keyword={keyword} selected={selected} onToggle={toggle} />}
          {error && <AppAlert type="error" message={error} onClose={() => setError(null)} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mr: 'auto', pl: 1 }}>
          {t('contractsAdmin.users.selected', { count: selected.size })}
        </Typography>
        <Button onClick={onClose} disabled={busy}>
          {t('contractsAdmin.users.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || selected.size === 0}>
          {t('contractsAdmin.users.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
