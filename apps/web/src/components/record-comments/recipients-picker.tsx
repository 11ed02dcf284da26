import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMMENT_LIMITS, type TCommentRecipient } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n';
import { recipientsQueryOptions } from './api';
import { useDebounced } from '../../lib/use-debounced';

export interface RecipientsPickerProps {
  topic: string;
  refId: number;
  /** The form field (an array of recipients). */
  name: string;
  disabled?: boolean;
}

/**
 * Recipients of a comment: an autocomplete over the users who can see the record (`GET /users`, limit 1000), asked
 * 500 ms after typing stops and only while the list is open. Chosen users show as chips.
 */
export function RecipientsPicker({ topic, refId, name, disabled }: RecipientsPickerProps) {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const keyword = useDebounced(input.trim(), COMMENT_LIMITS.userSearchDebounceMs);
  const users = useQuery({ ...recipientsQueryOptions(topic, refId, keyword), enabled: open });
  const waiting = open && (users.isFetching || keyword !== input.trim());

  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete<TCommentRecipient, true, false, false>
          multiple
          size="small"
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          disabled={disabled}
          options={users.data ?? []}
          value={(field.value as TCommentRecipient[] | undefined) ?? []}
          onChange={(_, value) => field.onChange(value)}
          inputValue={input}
          onInputChange={(_, value, reason) => {
            // Choosing an option clears what was typed; keep it so the list stays as it was.
            if (reason !== 'reset') setInput(value);
          }}
          // The server filters (by name, e-mail or login name); the browser only leaves out who is chosen.
          filterOptions={(options) => options}
          filterSelectedOptions
          isOptionEqualToValue={(option, value) => option.user_id === value.user_id}
          getOptionLabel={(option) => option.fullname}
          loading={waiting}
          loadingText={t('comments.searching')}
          noOptionsText={t('comments.noUsers')}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
              <Typography variant="body2">{option.fullname}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {option.email}
              </Typography>
            </Box>
          )}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...props } = getItemProps({ index });
              return <Chip key={key} size="small" label={option.fullname} title={option.email} {...props} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              name={field.name}
              inputRef={field.ref}
              onBlur={field.onBlur}
              label={t('comments.recipients')}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : t('comments.recipientsHint')}
            />
          )}
        />
      )}
    />
  );
}
