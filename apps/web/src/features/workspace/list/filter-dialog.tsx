import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogContentProps } from '../../../components/feedback';
import { EMPTY_FILTER, FILTER_KEYS, type FilterKey, type InstrumentFilter } from '../state/url-state';

export interface FilterOption {
  value: string | number;
  label: string;
}

export interface FilterDialogParams {
  filter: InstrumentFilter;
  /** The choices of each part; a part without choices is not shown. */
  options: Record<FilterKey, FilterOption[]>;
  labels: Record<FilterKey, string>;
}

/** The instrument filter (spec §2.5 `instrument_filter`): type, status level, zone, frequency and status, several of each. */
export default function FilterDialog({ params, resolve, cancel, labels }: DialogContentProps<FilterDialogParams, InstrumentFilter>) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<InstrumentFilter>(params.filter);
  return (
    <DialogContent>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {FILTER_KEYS.filter((key) => params.options[key].length > 0).map((key) => {
          const options = params.options[key];
          const labelOf = new Map(options.map((o) => [String(o.value), o.label]));
          const value = filter[key].map(String);
          return (
            <TextField
              key={key}
              select
              fullWidth
              size="small"
              label={params.labels[key]}
              value={value}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) => (selected as string[]).map((v) => labelOf.get(v) ?? v).join(', '),
                },
              }}
              onChange={(event) => {
                const raw = event.target.value as unknown as string[] | string;
                const chosen = typeof raw === 'string' ? raw.split(',') : raw;
                setFilter((current) => ({ ...current, [key]: key === 'zone' ? chosen.map(Number) : chosen }));
              }}
            >
              {options.map((o) => (
                <MenuItem key={String(o.value)} value={String(o.value)}>
                  <Checkbox size="small" checked={value.includes(String(o.value))} sx={{ p: 0.5, mr: 1 }} />
                  <ListItemText primary={o.label} />
                </MenuItem>
              ))}
            </TextField>
          );
        })}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={() => setFilter(EMPTY_FILTER)}>{t('workspace.list.clearFilter')}</Button>
          <Button onClick={cancel}>{labels.negative}</Button>
          <Button variant="contained" onClick={() => resolve(filter)}>
            {labels.positive}
          </Button>
        </Stack>
      </Stack>
    </DialogContent>
  );
}
