import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TPermissionCatalogue } from '@strata/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Group = TPermissionCatalogue['groups'][number];

export interface PermissionPickerProps {
  groups: readonly Group[];
  /** Permission codes. */
  value: readonly string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
}

/** The permissions of a group that match the search (label or code, any case); all of them without one. */
export function matchingPermissions(group: Group, search: string): Group['permissions'] {
  const needle = search.trim().toLowerCase();
  if (!needle) return group.permissions;
  if (group.group.toLowerCase().includes(needle)) return group.permissions;
  return group.permissions.filter((p) => p.label.toLowerCase().includes(needle) || p.code.toLowerCase().includes(needle));
}

/**
 * The permission catalogue grouped by its groups: a search narrows every group to the matching permissions
 * (a group whose name matches shows whole); each group has a select-all that ticks or clears the permissions
 * it shows.
 */
export function PermissionPicker({ groups, value, onChange, disabled }: PermissionPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const selected = useMemo(() => new Set(value), [value]);
  const shown = useMemo(
    () => groups.map((group) => ({ group, permissions: matchingPermissions(group, search) })).filter((g) => g.permissions.length > 0),
    [groups, search],
  );

  const emit = (next: Set<string>) => {
    // Catalogue order, so the saved list reads like the catalogue.
    onChange(groups.flatMap((g) => g.permissions.map((p) => p.code)).filter((code) => next.has(code)));
  };
  const toggle = (code: string) => {
    const next = new Set(selected);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    emit(next);
  };
  const toggleGroup = (codes: string[], all: boolean) => {
    const next = new Set(selected);
    for (const code of codes) {
      if (all) next.delete(code);
      else next.add(code);
    }
    emit(next);
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          type="search"
          size="small"
          label={t('admin.roles.permissionSearch')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches as it types already; it must not submit the role form around the picker.
            if (event.key === 'Enter') event.preventDefault();
          }}
          sx={{ minWidth: { sm: 320 } }}
        />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('admin.roles.selectedTotal', { count: selected.size })}
        </Typography>
      </Stack>
      {shown.length === 0 && <Typography color="text.secondary">{t('admin.roles.noMatch')}</Typography>}
      {shown.map(({ group, permissions }) => {
        const codes = permissions.map((p) => p.code);
        const count = codes.filter((code) => selected.has(code)).length;
        const all = count === codes.length;
        const groupSelected = group.permissions.filter((p) => selected.has(p.code)).length;
        return (
          <Paper key={group.group} variant="outlined" component="fieldset" sx={{ m: 0, p: 0, minWidth: 0 }}>
            <Box
              component="legend"
              sx={{
                float: 'left',
                width: '100%',
                p: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                px: 1.5,
                py: 0.5,
                bgcolor: 'action.hover',
              }}
            >
              <FormControlLabel
                label={<Typography sx={{ fontWeight: 600 }}>{group.group}</Typography>}
                control={
                  <Checkbox
                    checked={all}
                    indeterminate={count > 0 && !all}
                    disabled={disabled}
                    onChange={() => toggleGroup(codes, all)}
                    slotProps={{ input: { 'aria-label': t('admin.roles.selectAll', { group: group.group }) } }}
                  />
                }
              />
              <Typography variant="body2" color="text.secondary">
                {t('admin.roles.groupCount', { selected: groupSelected, total: group.permissions.length })}
              </Typography>
            </Box>
            <Box
              sx={{
                clear: 'both',
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
                columnGap: 2,
                px: 1.5,
                py: 1,
              }}
            >
              {permissions.map((permission) => (
                <FormControlLabel
                  key={permission.code}
                  label={permission.label}
                  title={permission.code}
                  sx={{ mr: 0, minWidth: 0 }}
                  control={
                    <Checkbox
                      size="small"
                      name={permission.code}
                      checked={selected.has(permission.code)}
                      disabled={disabled}
                      onChange={() => toggle(permission.code)}
                    />
                  }
                />
              ))}
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}
