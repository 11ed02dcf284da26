import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SITE_ALERT_DEFAULT_DISTANCE, SITE_ALERT_MAX_DISTANCE, type TAlert } from '@strata/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { useAlertContracts, useAlertsLive } from '../api/keys';
import { AlertsTable } from '../components/alerts-table';
import { alertSubject } from '../components/alert-subject';
import { DocumentButton } from '../components/document-button';
import { NoContractNote } from '../components/no-contract-note';
import { SCENARIO_LIST_KINDS } from '../kinds';
import { SCENARIO_ALERTS_PATH } from '../paths';
import { useConstructionSite, useConstructionSites, useSiteAlertRows, useSiteChoice } from './api';

/** A distance typed in the field: a number of metres from 0 to 500, or undefined. */
function parseDistance(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 && n <= SITE_ALERT_MAX_DISTANCE ? n : undefined;
}

/** The distance in metres; applied (to the URL) on Enter or when the field is left, when it is valid. */
function DistanceField({ value, onApply }: { value: number; onApply: (distance: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const parsed = parseDistance(text);
  const apply = () => {
    if (parsed !== undefined && parsed !== value) onApply(parsed);
  };
  return (
    <TextField
      size="small"
      type="number"
      label={t('siteAlerts.distance')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      error={parsed === undefined}
      helperText={parsed === undefined ? t('siteAlerts.distanceHint', { max: SITE_ALERT_MAX_DISTANCE }) : undefined}
      slotProps={{
        htmlInput: { min: 0, max: SITE_ALERT_MAX_DISTANCE, step: 1 },
        input: { endAdornment: <InputAdornment position="end">m</InputAdornment> },
      }}
    />
  );
}

/** The chosen site's alerts: its outline decides what concerns it; another contract's site is not found. */
function SiteAlerts({ siteId, distance }: { siteId: number; distance: number }) {
  const { t } = useTranslation();
  const site = useConstructionSite(siteId);
  if (site.error) return <LoadError error={site.error} onRetry={() => void site.refetch()} notFound={t('siteAlerts.notFound')} />;
  if (!site.data) return <Loading />;
  if (site.data.geometry === null) return <AppAlert type="info" message={t('siteAlerts.noGeometry', { site: site.data.site_name })} />;
  return (
    <AlertsTable
      kinds={SCENARIO_LIST_KINDS}
      showKind
      label={t('siteAlerts.tableLabel', { site: site.data.site_name })}
      detailPath={(alert) => `${SCENARIO_ALERTS_PATH}/${alert.alert_id}`}
      rowActions={(alert: TAlert) => <DocumentButton alertId={alert.alert_id} name={alertSubject(alert)} />}
      emptyText={t('siteAlerts.empty', { distance })}
      useRows={useSiteAlertRows}
    />
  );
}

/**
 * `/civil/construction-site` Construction Site Alerts (spec §2.9, issue 19): the scenario-based alerts whose
 * instruments lie inside a construction site or within a distance of it. The site selector lists the active
 * contracts' excavations and mined tunnels and picks the first when none is chosen (spec §4); site and distance are in
 * the URL, the status and keyword filters are the alert lists'.
 */
export function SiteAlertsPage() {
  const { t } = useTranslation();
  useAlertsLive();
  const contracts = useAlertContracts();
  const sites = useConstructionSites(contracts);
  const { siteId, distance, setFilters } = useSiteChoice();
  const records = sites.data?.records ?? [];
  const known = records.some((s) => s.site_id === siteId);
  const first = records[0]?.site_id;

  // Spec §4: the construction site selector picks the first site when none is chosen.
  useEffect(() => {
    if (siteId === undefined && first !== undefined) setFilters({ site: String(first) }, { replace: true });
  }, [siteId, first, setFilters]);

  if (contracts === null) return <NoContractNote />;
  if (sites.error) return <LoadError error={sites.error} onRetry={() => void sites.refetch()} />;
  if (!sites.data) return <Loading />;
  if (records.length === 0) return <AppAlert type="info" message={t('siteAlerts.noSites')} />;
  return (
    <Stack spacing={2}>
      <Box
        role="group"
        aria-label={t('siteAlerts.choice')}
        sx={{ display: 'grid', gap: 1.5, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 180px', md: '480px 180px' } }}
      >
        <TextField
          select
          size="small"
          label={t('siteAlerts.site')}
          value={known ? String(siteId) : ''}
          onChange={(event) => setFilters({ site: event.target.value })}
        >
          {records.map((s) => (
            <MenuItem key={s.site_id} value={String(s.site_id)}>
              {s.contract_no} / {s.site_name} ({t(s.type === 'E' ? 'siteAlerts.typeE' : 'siteAlerts.typeMT')})
            </MenuItem>
          ))}
        </TextField>
        <DistanceField value={distance} onApply={(next) => setFilters({ distance: next === SITE_ALERT_DEFAULT_DISTANCE ? '' : String(next) })} />
      </Box>
      {siteId !== undefined && <SiteAlerts key={siteId} siteId={siteId} distance={distance} />}
    </Stack>
  );
}
