import Add from '@mui/icons-material/Add';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SiteType } from '@strata/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../components/feedback';
import { useSession } from '../../../lib/auth-store';
import { useCan } from '../../../lib/use-can';
import { useCivilSites, useSaveActivity, useSite } from '../construction/api';
import { AppLink } from '../../../components/app-link';
import { useGo } from '../../../lib/page-nav';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { isNotFound } from '../../../lib/error-text';
import { Section } from '../../../components/section';
import { canChangeActivity } from '../shared/site-type';
import { idOrUndefined } from '../../../lib/page-nav';
import { useUrlFilters } from '../../../components/data-table';
import { ActivityForm } from './activity-form';

const KEYS = ['site'] as const;

function SiteActivity({ siteId, type }: { siteId: number; type: SiteType }) {
  const { t } = useTranslation();
  const toast = useToast();
  const permissions = useSession((state) => state.permissions);
  const query = useSite(siteId);
  const save = useSaveActivity(siteId);
  const site = query.data;
  if (isNotFound(query.error) || (site && site.type !== type)) return <AppAlert type="warning" message={t('sites.site.notFound')} />;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!site) return <Loading />;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {site.site_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {site.contract_no}
            {site.description ? ` · ${site.description}` : ''}
          </Typography>
        </Box>
        <AppLink to={`/master-data/construction/site/${site.site_id}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {t('sites.activity.openSite')}
          <ArrowForward fontSize="inherit" />
        </AppLink>
      </Stack>
      <ActivityForm
        key={`${site.site_id}-${site.updated}`}
        site={site}
        readOnly={!canChangeActivity(permissions, site.type)}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync(body);
          toast({ color: 'success', message: t('sites.activity.saved', { name: saved.site_name }) });
        }}
      />
    </Stack>
  );
}

/**
 * `/master-data/excavations` (Excavation Activity) and `/master-data/mined-tunnel` (Mined Tunnel Activity): a site
 * selector (the first site when none is chosen, spec §4) and the chosen site's stages and design values.
 */
function ActivityPage({ type }: { type: SiteType }) {
  const { t } = useTranslation();
  const go = useGo();
  const canAddSite = useCan('ManageConstructionSites');
  const sites = useCivilSites(type);
  const [filters, setFilters] = useUrlFilters(KEYS);
  const records = sites.data?.records ?? [];
  const chosen = idOrUndefined(filters.site);
  const known = records.some((s) => s.site_id === chosen);
  const first = records[0]?.site_id;

  // Spec §4: the selector picks the first site when none is chosen.
  useEffect(() => {
    if (chosen === undefined && first !== undefined) setFilters({ site: String(first) }, { replace: true });
  }, [chosen, first, setFilters]);

  if (sites.error) return <LoadError error={sites.error} onRetry={() => void sites.refetch()} />;
  if (!sites.data) return <Loading />;
  if (records.length === 0) {
    return (
      <Section>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <EmptyText>{type === 'E' ? t('sites.activity.noSitesE') : t('sites.activity.noSitesMT')}</EmptyText>
          {canAddSite && (
            <Button variant="contained" startIcon={<Add />} onClick={() => go('/master-data/construction/site/new')}>
              {t('sites.action.addSite')}
            </Button>
          )}
        </Stack>
      </Section>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <TextField
        select
        size="small"
        label={type === 'E' ? t('sites.activity.siteE') : t('sites.activity.siteMT')}
        value={known ? String(chosen) : ''}
        onChange={(event) => setFilters({ site: event.target.value })}
        sx={{ maxWidth: { sm: 480 } }}
        fullWidth
      >
        {records.map((s) => (
          <MenuItem key={s.site_id} value={String(s.site_id)}>
            {s.contract_no} · {s.site_name}
          </MenuItem>
        ))}
      </TextField>
      {chosen !== undefined && <SiteActivity key={chosen} siteId={chosen} type={type} />}
    </Stack>
  );
}

export function ExcavationsPage() {
  return <ActivityPage type="E" />;
}

export function MinedTunnelsPage() {
  return <ActivityPage type="MT" />;
}
