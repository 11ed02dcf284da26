import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { TAlertSummary } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { LandingTiles, type LandingTile } from '../../../components/landing-tiles';
import { LoadError } from '../../../components/query-states';
import { useAlertContracts, useAlertsLive } from '../api/keys';
import { useAlertSummary, useOpenCaseCount } from '../api/summary';
import { NoContractNote } from '../components/no-contract-note';
import { ALERT_LANDING_TILES, type AlertTile } from './tiles';

function OpenCount({ count, loading }: { count: number | null | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (count === null) return null;
  if (count === undefined) {
    return loading ? <Chip size="small" variant="outlined" label={t('alerts.landing.counting')} sx={{ mt: 1 }} /> : null;
  }
  return (
    <Chip
      size="small"
      color={count > 0 ? 'error' : 'default'}
      variant={count > 0 ? 'filled' : 'outlined'}
      label={t('alerts.landing.open', { count })}
      data-testid="tile-count"
      sx={{ mt: 1 }}
    />
  );
}

function countOf(summary: TAlertSummary | undefined, cases: number | null | undefined, tile: LandingTile): number | null | undefined {
  const key = (tile as AlertTile).key;
  if (key === 'cases') return cases;
  if (!summary) return undefined;
  const found = summary.tiles.find((entry) => entry.key === key);
  return found ? found.open_count : null;
}

/**
 * `/alert` View Data Alerts (spec §2.6): a tile per kind of alert the user may open, each with its live open count in
 * the active contracts — asked for again when a live `dataUpdated` of the alerts arrives, and every minute.
 */
export function AlertLandingPage() {
  const { t } = useTranslation();
  const contracts = useAlertContracts();
  const summary = useAlertSummary(contracts);
  // Open cases of the Log of Actions Taken (the alerts summary has no count for that tile); a failure leaves it bare.
  const cases = useOpenCaseCount(contracts);
  useAlertsLive();
  return (
    <Stack spacing={2}>
      {contracts === null && <NoContractNote />}
      {summary.isError && <LoadError error={summary.error} onRetry={() => void summary.refetch()} />}
      <LandingTiles
        tiles={ALERT_LANDING_TILES}
        label={t('alerts.landing.label')}
        emptyText={t('alerts.landing.empty')}
        badgeOf={(tile) => (
          <OpenCount count={countOf(summary.data, cases.isError ? null : cases.data, tile)} loading={summary.isPending && contracts !== null} />
        )}
      />
    </Stack>
  );
}
