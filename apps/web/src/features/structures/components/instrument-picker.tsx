import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TInstrument, TStructureOutline } from '@strata/shared';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView, PointLayer, pointsExtent } from '../../../components/map';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { useContractInstruments } from '../api';
import { OutlineLayer } from './outline-layer';

const styles = new Map<string, Style>();
function dotStyle(name: string, selected: boolean) {
  const key = `${name}|${selected}`;
  let style = styles.get(key);
  if (!style) {
    style = new Style({
      image: new CircleStyle({
        radius: selected ? 7 : 5,
        fill: new Fill({ color: selected ? '#d32f2f' : '#607d8b' }),
        stroke: new Stroke({ color: '#fff', width: 2 }),
      }),
      text: selected ? new Text({ text: name, offsetY: -14, font: '11px sans-serif', stroke: new Stroke({ color: '#fff', width: 3 }) }) : undefined,
    });
    styles.set(key, style);
  }
  return style;
}

export interface InstrumentPickerProps {
  contractId: number | undefined;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  outline: TStructureOutline | null;
  readOnly?: boolean;
}

/** The instruments of the structure's contract on a map and in a list: a click on a dot or a row picks or drops it. */
export function InstrumentPicker({ contractId, value, onChange, outline, readOnly }: InstrumentPickerProps) {
  const { t } = useTranslation();
  const query = useContractInstruments(contractId);
  const [keyword, setKeyword] = useState('');
  const selected = useMemo(() => new Set(value), [value]);
  const toggle = useCallback(
    (id: number) => {
      if (readOnly) return;
      onChange(selected.has(id) ? value.filter((v) => v !== id) : [...value, id]);
    },
    [onChange, readOnly, selected, value],
  );
  const instruments = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    const list = k ? instruments.filter((i) => i.name.toLowerCase().includes(k)) : instruments;
    // Picked ones first, then by name.
    return [...list].sort((a, b) => Number(selected.has(b.instrument_id)) - Number(selected.has(a.instrument_id)) || a.name.localeCompare(b.name));
  }, [instruments, keyword, selected]);
  const style = useCallback((i: TInstrument) => dotStyle(i.name, selected.has(i.instrument_id)), [selected]);
  const extent = useMemo(() => pointsExtent(instruments, 50), [instruments]);
  const outlines = useMemo(() => (outline ? [{ id: 0, name: '', outline }] : []), [outline]);

  if (contractId === undefined) return <Typography color="text.secondary">{t('structures.form.chooseContractFirst')}</Typography>;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Box sx={{ flex: 2, minWidth: 0 }}>
        <MapView label={t('structures.form.instrumentMap')} extent={extent}>
          <OutlineLayer items={outlines} />
          <PointLayer items={instruments} position={(i) => i} style={style} onPick={(i) => toggle(i.instrument_id)} className="structure-picker-instruments" />
        </MapView>
      </Box>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2">{t('structures.form.pickedCount', { count: value.length })}</Typography>
        <TextField size="small" label={t('structures.form.filterInstruments')} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        {shown.length === 0 ? (
          <EmptyText>{t('structures.form.noInstruments')}</EmptyText>
        ) : (
          <List dense aria-label={t('structures.form.instrumentList')} sx={{ maxHeight: 360, overflow: 'auto' }}>
            {shown.slice(0, 300).map((i) => (
              <ListItem key={i.instrument_id} disablePadding>
                <ListItemButton onClick={() => toggle(i.instrument_id)} disabled={readOnly}>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Checkbox edge="start" size="small" checked={selected.has(i.instrument_id)} tabIndex={-1} slotProps={{ input: { 'aria-label': i.name } }} />
                  </ListItemIcon>
                  <ListItemText primary={i.name} secondary={i.type_code} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
