import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TInstrument } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Rows shown at once: a longer list is narrowed with the search. */
export const MEMBER_LIST_ROWS = 100;

export interface MemberListProps {
  instruments: readonly TInstrument[];
  members: ReadonlySet<number>;
  levelOf: (instrumentId: number) => { code: string; color: string } | null;
  onToggle: (instrumentId: number) => void;
}

/** The contract's instruments as a searchable check list (members ticked), with each one's current level. */
export function MemberList({ instruments, members, levelOf, onToggle }: MemberListProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const matching = needle ? instruments.filter((i) => `${i.name} ${i.type_name} ${i.type_code}`.toLowerCase().includes(needle)) : instruments;
  const shown = matching.slice(0, MEMBER_LIST_ROWS);
  return (
    <Stack spacing={1}>
      <TextField size="small" type="search" label={t('alertRules.group.memberSearch')} value={filter} onChange={(event) => setFilter(event.target.value)} />
      <Box sx={{ maxHeight: 360, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <List dense disablePadding aria-label={t('alertRules.group.instrumentList')}>
          {shown.map((instrument) => {
            const checked = members.has(instrument.instrument_id);
            const level = levelOf(instrument.instrument_id);
            const id = `member-${instrument.instrument_id}`;
            return (
              <ListItem
                key={instrument.instrument_id}
                disablePadding
                secondaryAction={level ? <Chip size="small" label={level.code} sx={{ bgcolor: level.color, color: '#fff', fontWeight: 600 }} /> : undefined}
              >
                <ListItemButton onClick={() => onToggle(instrument.instrument_id)} dense>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Checkbox edge="start" size="small" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-labelledby': id } }} />
                  </ListItemIcon>
                  <ListItemText id={id} primary={instrument.name} secondary={instrument.type_name} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {matching.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t(instruments.length === 0 ? 'alertRules.group.noInstruments' : 'alertRules.group.noMatch')}
          </Typography>
        )}
      </Box>
      {matching.length > shown.length && (
        <Typography variant="body2" color="text.secondary">
          {t('alertRules.group.showingFirst', { shown: shown.length, total: matching.length })}
        </Typography>
      )}
    </Stack>
  );
}
