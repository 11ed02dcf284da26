import CenterFocusStrong from '@mui/icons-material/CenterFocusStrong';
import Timeline from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TBorehole } from '@strata/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWorkspaceNav } from '../shared/use-workspace-nav';
import { DetailList } from '../../../components/detail-list';
import { LoadError, Loading } from '../../../components/query-states';
import { formatDateTime } from '../../../lib/display-time';
import { useBorehole, useBoreholeVersions } from './api';
import { BoreholeDownloadMenu } from './download-menu';
import { formatMetres, orDash } from './format';
import { BoreholeGroupTable } from './group-table';
import { boreholeLogPath } from './paths';
import { gridName, svy21Position } from './position';

/** The query-string parameter of the version shown (none: the newest). */
export const VERSION_PARAM = 'version';

export function versionOf(params: URLSearchParams): number | undefined {
  const n = Number(params.get(VERSION_PARAM));
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

export interface BoreholeDetailPanelProps {
  boreholeId: number;
  /** Centre the map on the borehole (zoom 19): on opening (`auto`, once the borehole is known) and when asked. */
  onShowOnMap: (borehole: TBorehole, auto: boolean) => void;
}

/**
 * A borehole's detail (spec §2.13 `search/borehole/{id}`): title contract / borehole number, the borehole's
 * identity and SVY21 position, crew and remark ("-" when empty), its version and origin with a version selector,
 * the Logs button, the Download menu (Export Site Investigation), and the group tables.
 */
export function BoreholeDetailPanel({ boreholeId, onShowOnMap }: BoreholeDetailPanelProps) {
  const { t } = useTranslation();
  const { go } = useWorkspaceNav();
  const [params, setParams] = useSearchParams();
  const version = versionOf(params);
  const query = useBorehole(boreholeId, version);
  const versions = useBoreholeVersions(boreholeId);
  const borehole = query.data;

  // The map goes to the borehole (zoom 19) when it is opened (spec §2.13), once per borehole.
  const centred = useRef<number | null>(null);
  const show = useRef(onShowOnMap);
  useEffect(() => {
    show.current = onShowOnMap;
  });
  useEffect(() => {
    if (borehole && svy21Position(borehole) && centred.current !== borehole.borehole_id) {
      centred.current = borehole.borehole_id;
      show.current(borehole, true);
    }
  }, [borehole]);

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('boreholes.detail.notFound')} />;
  const b = query.data;
  const located = svy21Position(b) !== null;
  // Easting and northing in the file's grid: "SVY21" only when they are (decision 036).
  const grid = gridName(b.crs);

  const setVersion = (value: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === b.latest_version) next.delete(VERSION_PARAM);
      else next.set(VERSION_PARAM, String(value));
      return next;
    });

  const items = [
    { label: t('boreholes.field.boreholeNo'), value: orDash(b.borehole_no) },
    { label: t('boreholes.field.type'), value: orDash(b.borehole_type) },
    { label: t('boreholes.field.eastingIn', { grid }), value: formatMetres(b.easting) },
    { label: t('boreholes.field.northingIn', { grid }), value: formatMetres(b.northing) },
    { label: t('boreholes.field.crew'), value: orDash(b.crew) },
    { label: t('boreholes.field.remark'), value: orDash(b.remark) },
  ];
  const records = versions.data?.records ?? [];

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {`${b.contract_no} / ${b.borehole_no}`}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" size="small" startIcon={<Timeline />} onClick={() => go(boreholeLogPath(b.borehole_id))}>
            {t('boreholes.detail.logs')}
          </Button>
          <BoreholeDownloadMenu boreholeId={b.borehole_id} version={version} fileName={`${b.contract_no}-${b.borehole_no}`} />
          {located && (
            <Button size="small" startIcon={<CenterFocusStrong />} onClick={() => onShowOnMap(b, false)}>
              {t('boreholes.detail.showOnMap')}
            </Button>
          )}
        </Stack>
      </Stack>
      <DetailList items={items} />
      <Box data-testid="borehole-version" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {b.upload_file_name
            ? t('boreholes.detail.versionFrom', { version: b.version, latest: b.latest_version, file: b.upload_file_name })
            : t('boreholes.detail.version', { version: b.version, latest: b.latest_version })}
        </Typography>
        {records.length > 1 && (
          <TextField
            select
            size="small"
            label={t('boreholes.detail.versionSelect')}
            value={String(b.version)}
            onChange={(event) => setVersion(Number(event.target.value))}
            sx={{ minWidth: 200 }}
          >
            {records.map((v) => (
              <MenuItem key={v.version} value={String(v.version)}>
                {t('boreholes.detail.versionOption', { version: v.version, date: formatDateTime(v.loaded), file: v.file_name ?? '-' })}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <BoreholeGroupTable boreholeId={b.borehole_id} version={version} />
    </Stack>
  );
}
