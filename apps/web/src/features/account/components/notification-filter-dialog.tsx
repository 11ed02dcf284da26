import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange } from '../../../components/date-range';
import type { DialogContentProps } from '../../../components/feedback';
import { EMPTY_FILTER, type NotificationFilter } from '../notification-filter';
import { useSeverityLabel, useTypeLabel } from './notification-bits';

export interface NotificationFilterParams {
  filter: NotificationFilter;
  /** Types to offer (known ones and those on screen). */
  types: readonly string[];
  timezone?: string;
}

/** The filter action's dialog: type, severity, read or unread, date range. Resolves with the new filter. */
export default function NotificationFilterDialog({ params, resolve, cancel, labels }: DialogContentProps<NotificationFilterParams, NotificationFilter>) {
  const { t } = useTranslation();
  const severityLabel = useSeverityLabel();
  const typeLabel = useTypeLabel();
  const [filter, setFilter] = useState(params.filter);
  const types = [...new Set([...params.types, ...(filter.type ? [filter.type] : [])])];
  return (
    <>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('notifications.filterType')}
            value={filter.type}
            onChange={(event) => setFilter({ ...filter, type: event.target.value })}
            fullWidth
          >
            <MenuItem value="">{t('notifications.any')}</MenuItem>
            {types.map((type) => (
              <MenuItem key={type} value={type}>
                {typeLabel(type)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('notifications.filterSeverity')}
            value={filter.severity === null ? '' : String(filter.severity)}
            onChange={(event) => setFilter({ ...filter, severity: event.target.value ? Number(event.target.value) : null })}
            fullWidth
          >
            <MenuItem value="">{t('notifications.any')}</MenuItem>
            {[1, 2, 3, 4].map((severity) => (
              <MenuItem key={severity} value={String(severity)}>
                {severityLabel(severity)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('notifications.filterRead')}
            value={filter.read}
            onChange={(event) => setFilter({ ...filter, read: event.target.value as NotificationFilter['read'] })}
            fullWidth
          >
            <MenuItem value="all">{t('notifications.readAll')}</MenuItem>
            <MenuItem value="unread">{t('notifications.unread')}</MenuItem>
            <MenuItem value="read">{t('notifications.read')}</MenuItem>
          </TextField>
          <DateRange
            value={{ option: filter.range, start: filter.from, end: filter.to }}
            onChange={(range) => setFilter({ ...filter, range: range.option, from: range.start, to: range.end })}
            timezone={params.timezone}
            size="medium"
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={() => resolve({ ...EMPTY_FILTER, keyword: filter.keyword })}>{t('notifications.clearFilter')}</Button>
        <Button onClick={cancel}>{labels.negative}</Button>
        <Button variant="contained" onClick={() => resolve(filter)}>
          {labels.positive}
        </Button>
      </DialogActions>
    </>
  );
}
