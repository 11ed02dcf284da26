import TextField from '@mui/material/TextField';
import { svy21ToWgs84 } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { parseDecimal } from '../shared/numbers';

/** WGS84 of an SVY21 position, or null while either value is not a number. */
export function wgs84Of(easting: string, northing: string): { lat: number; lon: number } | null {
  const e = parseDecimal(easting);
  const n = parseDecimal(northing);
  if (e === undefined || n === undefined) return null;
  const { lat, lon } = svy21ToWgs84(e, n);
  return Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null;
}

/** Latitude and longitude (WGS84), computed as the SVY21 easting and northing are typed; read-only. */
export function Wgs84Fields({ easting, northing }: { easting: string; northing: string }) {
  const { t } = useTranslation();
  const position = wgs84Of(easting, northing);
  const common = {
    fullWidth: true,
    slotProps: { htmlInput: { readOnly: true }, inputLabel: { shrink: true } },
    helperText: t('instruments.field.computed'),
    variant: 'filled' as const,
  };
  return (
    <>
      <TextField {...common} label={t('instruments.field.latitude')} value={position ? position.lat.toFixed(7) : '—'} />
      <TextField {...common} label={t('instruments.field.longitude')} value={position ? position.lon.toFixed(7) : '—'} />
    </>
  );
}
