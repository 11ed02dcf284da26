import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { isSafeText } from '@strata/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchFieldProps {
  label: string;
  /** The search in force (e.g. from the URL); the field shows it and follows its changes. */
  value: string;
  /** Runs on Enter and on the search button, with the trimmed text; typing alone does not search. */
  onSearch: (value: string) => void;
  placeholder?: string;
  fullWidth?: boolean;
}

/** A search box where Enter triggers the search (spec §2 User Management); unsafe text is refused. */
export function SearchField({ label, value, onSearch, placeholder, fullWidth = true }: SearchFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const unsafe = !isSafeText(text);
  const submit = (next = text) => {
    if (!isSafeText(next)) return;
    onSearch(next.trim());
  };
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      placeholder={placeholder}
      value={text}
      fullWidth={fullWidth}
      sx={{
        // The clear button below replaces the browser's own.
        '& input::-webkit-search-cancel-button': { display: 'none' },
        ...(fullWidth ? {} : { width: { xs: '100%', sm: 360 }, alignSelf: 'flex-start' }),
      }}
      error={unsafe}
      helperText={unsafe ? t('messages.maliciousInput') : t('common.searchHint')}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
          event.preventDefault();
          submit();
        }
      }}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {text !== '' && (
                <IconButton
                  size="small"
                  aria-label={t('common.clearSearch')}
                  onClick={() => {
                    setText('');
                    submit('');
                  }}
                >
                  <Clear fontSize="small" />
                </IconButton>
              )}
              <IconButton size="small" edge="end" aria-label={t('common.search')} onClick={() => submit()}>
                <Search fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
