import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TPreferences } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../components/feedback';
import { LoadingScreen } from '../../../components/loading-screen';
import { translateMessage } from '../../../lib/i18n';
import { systemStore, useSystemState } from '../../../lib/system-store';
import { usePreferences } from '../api/get-preferences';
import { useSavePreferences } from '../api/save-preferences';

const MAP_SIZES = ['Equal', 'FullMap', 'FullPanel'] as const;
const MAP_SIZE_KEYS = {
  Equal: 'preference.mapSize.Equal',
  FullMap: 'preference.mapSize.FullMap',
  FullPanel: 'preference.mapSize.FullPanel',
} as const;

type Flag = 'show_label' | 'show_legend' | 'show_stations' | 'sync_panel';
const FLAGS: readonly {
  key: Flag;
  label: 'preference.showLabel' | 'preference.showLegend' | 'preference.showStations' | 'preference.syncPanel';
  hint: 'preference.showLabelHint' | 'preference.showLegendHint' | 'preference.showStationsHint' | 'preference.syncPanelHint';
}[] = [
  { key: 'show_label', label: 'preference.showLabel', hint: 'preference.showLabelHint' },
  { key: 'show_legend', label: 'preference.showLegend', hint: 'preference.showLegendHint' },
  { key: 'show_stations', label: 'preference.showStations', hint: 'preference.showStationsHint' },
  { key: 'sync_panel', label: 'preference.syncPanel', hint: 'preference.syncPanelHint' },
];

/**
 * `/account/preference`: the account preferences, each saved as it changes (POST /preferences with the whole
 * object). The dark theme is the toolbar's "Use Dark Theme" switch: both show and change the same value.
 */
export function PreferencePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const preferences = usePreferences();
  const save = useSavePreferences();
  const darkTheme = useSystemState((state) => state.darkTheme);

  if (preferences.isPending) return <LoadingScreen label={t('common.loading')} />;
  if (preferences.isError) {
    return (
      <AppAlert
        type="error"
        message={t('messages.failedToFetch')}
        action={
          <Button color="inherit" size="small" onClick={() => void preferences.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const current = preferences.data;

  const change = (patch: Partial<TPreferences>) => {
    const next = { ...current, dark_theme: darkTheme, ...patch };
    if (patch.dark_theme !== undefined) systemStore.setState({ darkTheme: patch.dark_theme });
    save.mutate(next, {
      onError: (error) => {
        if (patch.dark_theme !== undefined) systemStore.setState({ darkTheme: !patch.dark_theme });
        toast({ message: translateMessage(error.message), color: 'error' });
      },
    });
  };

  const titleProps = { title: { component: 'h2', variant: 'h6' } } as const;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Card variant="outlined">
        <CardHeader title={t('preference.appearance')} slotProps={titleProps} />
        <CardContent sx={{ pt: 0 }}>
          <FormControlLabel
            control={<Switch checked={darkTheme} onChange={(event) => change({ dark_theme: event.target.checked })} />}
            label={t('accountMenu.darkTheme')}
          />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardHeader title={t('preference.map')} slotProps={titleProps} />
        <CardContent sx={{ pt: 0 }}>
          <Stack spacing={2}>
            {FLAGS.map((flag) => (
              <Stack key={flag.key} spacing={0}>
                <FormControlLabel
                  control={<Switch checked={current[flag.key]} onChange={(event) => change({ [flag.key]: event.target.checked })} />}
                  label={t(flag.label)}
                />
                <Typography variant="body2" color="text.secondary" sx={{ pl: 6.5, mt: -0.5 }}>
                  {t(flag.hint)}
                </Typography>
              </Stack>
            ))}
            <TextField
              select
              label={t('preference.mapSizeLabel')}
              value={current.map_size}
              onChange={(event) => change({ map_size: event.target.value as TPreferences['map_size'] })}
              helperText={t('preference.mapSizeHint')}
              sx={{ maxWidth: 360 }}
            >
              {MAP_SIZES.map((size) => (
                <MenuItem key={size} value={size}>
                  {t(MAP_SIZE_KEYS[size])}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </CardContent>
      </Card>
      <Typography variant="body2" color="text.secondary" role="status">
        {save.isPending ? t('preference.saving') : t('preference.savedAutomatically')}
      </Typography>
    </Stack>
  );
}
