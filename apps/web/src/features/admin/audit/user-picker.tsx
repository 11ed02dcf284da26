import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TAdminUser } from '@strata/shared';
import { useEffect, useState } from 'react';
import { useUsers } from '../users/api';

type Option = Pick<TAdminUser, 'user_id' | 'login_name' | 'fullname'>;

/** Picks one user by login name or full name (searches as the user types); value is the user id. */
export function UserPicker({ label, value, onChange }: { label: string; value: number | undefined; onChange: (id: number | undefined) => void }) {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const query = useUsers({ limit: 20, skip: 0, keyword: keyword || undefined });
  const options: Option[] = query.data?.records ?? [];
  const current = value === undefined ? null : chosen?.user_id === value ? chosen : (options.find((o) => o.user_id === value) ?? null);
  return (
    <Autocomplete<Option>
      size="small"
      options={options}
      value={current}
      loading={query.isFetching}
      filterOptions={(list) => list}
      isOptionEqualToValue={(a, b) => a.user_id === b.user_id}
      getOptionLabel={(o) => `${o.login_name} (${o.fullname})`}
      onInputChange={(_e, text) => setInput(text)}
      onChange={(_e, option) => {
        setChosen(option);
        onChange(option?.user_id);
      }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
