import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ContractOption {
  contract_id: number;
  no: string;
  title: string;
  active?: boolean;
}

export interface ContractChecklistProps {
  options: readonly ContractOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}

/** Contracts to tick, with a search on number and title; scrolls inside its box on long lists. */
export function ContractChecklist({ options, value, onChange, disabled }: ContractChecklistProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const labelId = useId();
  const selected = useMemo(() => new Set(value), [value]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return options;
    return options.filter((c) => c.no.toLowerCase().includes(needle) || c.title.toLowerCase().includes(needle));
  }, [options, filter]);

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange([...next].sort((a, b) => a - b));
  };

  if (options.length === 0) return <Typography color="text.secondary">{t('admin.users.noContractOptions')}</Typography>;

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          type="search"
          label={t('admin.users.contractSearch')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          sx={{ minWidth: { sm: 280 } }}
        />
        <Typography id={labelId} variant="body2" color="text.secondary">
          {t('admin.users.selectedCount', { count: selected.size })}
        </Typography>
      </Stack>
      <Paper variant="outlined" sx={{ maxHeight: 420, overflowY: 'auto' }}>
        <List dense disablePadding aria-describedby={labelId}>
          {shown.map((contract) => {
            const checked = selected.has(contract.contract_id);
            const id = `contract-${contract.contract_id}-${labelId}`;
            return (
              <ListItem key={contract.contract_id} disablePadding divider>
                <ListItemButton disabled={disabled} onClick={() => toggle(contract.contract_id)} dense>
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-labelledby': id } }} />
                  </ListItemIcon>
                  <ListItemText id={id} primary={contract.no} secondary={contract.title} />
                  {contract.active === false && <Chip size="small" variant="outlined" label={t('admin.contractors.inactive')} />}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Paper>
    </Stack>
  );
}
