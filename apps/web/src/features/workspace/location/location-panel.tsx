import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDegrees, formatMetres } from '../../../components/map';
import { EmptyText } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { errorText } from '../../../lib/error-text';
import { useGeocode } from '../api/geocode';
import { parseLocationQuery, searchGazetteer, type GazetteerEntry, type LocationQuery } from './parse-location';

export interface LocationPanelProps {
  /** The offline gazetteer: the chosen contracts' instruments, construction sites, zones and the contracts themselves. */
  entries: readonly GazetteerEntry[];
  /** The gazetteer is still loading (instruments, sites, zones). */
  loading: boolean;
  /** SVY21 map bounds: a position outside them is still shown, with a warning. */
  bounds: readonly number[];
  /** Centre the map on a position (zoom 19, spec §9). */
  onPoint: (easting: number, northing: number) => void;
  /** Centre the map on a gazetteer entry. */
  onEntry: (entry: GazetteerEntry) => void;
  /** The search of the last visit to this tab. */
  initialText?: string;
  onTextChange?: (text: string) => void;
  /** An online geocoder is configured (`/config` settings.geocoder): names are also looked up as addresses and postal codes. */
  geocoder?: boolean;
}

const KIND_LABELS = {
  instrument: 'workspace.location.kind.instrument',
  site: 'workspace.location.kind.site',
  zone: 'workspace.location.kind.zone',
  contract: 'workspace.location.kind.contract',
} as const;

/**
 * The location search (spec §2.2 "location"): an SVY21 easting/northing, a latitude/longitude, or a name from the
 * offline gazetteer of the project's own features; a position centres the map at zoom 19, a name lists its matches.
 * With an online geocoder configured, a name is also looked up as an address or postal code (`GET /geocode`); without
 * one, a name nothing matches gets a note that addresses and postal codes need it.
 */
export function LocationPanel({ entries, loading, bounds, onPoint, onEntry, initialText = '', onTextChange, geocoder = false }: LocationPanelProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const query: LocationQuery | null = useMemo(() => parseLocationQuery(text), [text]);
  const matches = useMemo(() => (query?.kind === 'name' ? searchGazetteer(entries, query.text) : []), [entries, query]);
  const places = useGeocode(query?.kind === 'name' ? query.text : '', geocoder && query?.kind === 'name');
  const addresses = places.data ?? [];

  // A name searched before the gazetteer held it (still loading, or loaded for contracts that were then changed):
  // gone to once the entries hold a match, if it is a clear one. A name with matches is settled either way.
  const [pending, setPending] = useState<string | null>(null);
  /** Goes to a clear match (one match, or an exact name); false when the entries hold no match yet. */
  const goIfClear = (name: string): boolean => {
    const found = searchGazetteer(entries, name, 2);
    if (found.length === 1 || (found[0] && found[0].name.toLowerCase() === name.toLowerCase())) onEntry(found[0]!);
    return found.length > 0;
  };
  const goIfClearRef = useRef(goIfClear);
  goIfClearRef.current = goIfClear;
  useEffect(() => {
    if (loading || pending === null) return;
    if (goIfClearRef.current(pending)) setPending(null);
  }, [loading, pending, entries]);

  const search = (value: string) => {
    setText(value);
    onTextChange?.(value);
    const parsed = parseLocationQuery(value);
    setPending(null);
    if (parsed && parsed.kind !== 'name') onPoint(parsed.easting, parsed.northing);
    else if (parsed?.kind === 'name' && (loading || !goIfClear(parsed.text))) setPending(parsed.text);
  };

  const outside =
    query && query.kind !== 'name' && (query.easting < bounds[0]! || query.easting > bounds[2]! || query.northing < bounds[1]! || query.northing > bounds[3]!);

  return (
    <Stack spacing={1.5}>
      <SearchField label={t('workspace.location.search')} value={text} onSearch={search} placeholder={t('workspace.location.placeholder')} />
      <Typography variant="body2" color="text.secondary">
        {t(geocoder ? 'workspace.location.hintGeocoder' : 'workspace.location.hint')}
      </Typography>
      {query && query.kind !== 'name' && (
        <Alert severity={outside ? 'warning' : 'info'} icon={<PlaceOutlined />} data-testid="location-result">
          <Typography variant="subtitle2">{query.kind === 'svy21' ? t('workspace.location.svy21Found') : t('workspace.location.wgs84Found')}</Typography>
          <Typography variant="body2">
            {t('workspace.location.svy21', { easting: formatMetres(query.easting), northing: formatMetres(query.northing) })}
          </Typography>
          <Typography variant="body2">{t('workspace.location.wgs84', { lat: formatDegrees(query.lat), lon: formatDegrees(query.lon) })}</Typography>
          {outside && <Typography variant="body2">{t('workspace.location.outside')}</Typography>}
        </Alert>
      )}
      {query?.kind === 'name' && loading && <EmptyText>{t('common.loading')}</EmptyText>}
      {query?.kind === 'name' && !loading && matches.length === 0 && !places.isFetching && addresses.length === 0 && (
        <EmptyText>{t(geocoder ? 'workspace.location.noMatchOrAddress' : 'workspace.location.noMatch')}</EmptyText>
      )}
      {matches.length > 0 && (
        <List dense aria-label={t('workspace.location.results')}>
          {matches.map((entry) => (
            <ListItem key={`${entry.kind}-${entry.id}`} disablePadding>
              <ListItemButton onClick={() => onEntry(entry)} divider>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <PlaceOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={entry.name} secondary={`${t(KIND_LABELS[entry.kind])} · ${entry.detail}`} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {geocoder && query?.kind === 'name' && places.isFetching && <EmptyText>{t('workspace.location.addressSearching')}</EmptyText>}
      {geocoder && query?.kind === 'name' && places.isError && (
        <Alert severity="warning" data-testid="geocoder-error">
          {errorText(places.error)}
        </Alert>
      )}
      {addresses.length > 0 && (
        <List dense aria-label={t('workspace.location.addresses')}>
          {addresses.map((place, index) => (
            <ListItem key={`${place.label}-${index}`} disablePadding>
              <ListItemButton onClick={() => onPoint(place.easting, place.northing)} divider>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <HomeWorkOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={place.label}
                  secondary={[
                    place.postal_code && t('workspace.location.postalCode', { code: place.postal_code }),
                    t('workspace.location.svy21', { easting: formatMetres(place.easting), northing: formatMetres(place.northing) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
