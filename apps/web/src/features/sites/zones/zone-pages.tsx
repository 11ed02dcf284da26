import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TZone } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { errorText } from '../../../lib/error-text';
import { useGo } from '../../../lib/page-nav';
import { isNotFound } from '../../../lib/error-text';
import { LoadError, Loading } from '../../../components/query-states';
import { idOrUndefined } from '../../../lib/page-nav';
import { useDeleteZone, useSaveZone, useZone } from './api';
import { ZoneForm } from './zone-form';
import { ReportChip } from './zones-page';

/** `/master-data/zones/new` (ManageZones). */
export function NewZonePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const save = useSaveZone();
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <ZoneForm
        submitLabel={t('sites.common.create')}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ body });
          toast({ color: 'success', message: t('sites.zone.created', { name: saved.name }) });
          go(`/master-data/zones/${saved.zone_id}`, { replace: true });
        }}
        buttons={<Button onClick={() => go('/master-data/zones')}>{t('sites.common.cancel')}</Button>}
      />
    </Box>
  );
}

function ZoneDetail({ zone }: { zone: TZone }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const go = useGo();
  const save = useSaveZone();
  const remove = useDeleteZone();

  const onDelete = async () => {
    const ok = await confirm({
      title: t('sites.zone.deleteTitle'),
      prompt: t('sites.zone.confirmDelete', { name: zone.name, count: zone.instrument_count }),
      positive: t('sites.common.delete'),
      negative: t('sites.common.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(zone.zone_id);
      toast({ color: 'success', message: t('sites.zone.deleted', { name: zone.name }) });
      go('/master-data/zones', { replace: true });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {zone.name}
        </Typography>
        <ReportChip isReport={zone.is_report} />
        <Typography color="text.secondary">
          {zone.contract_no} · {t('sites.zone.instrumentCount', { count: zone.instrument_count })}
        </Typography>
      </Stack>
      <ZoneForm
        key={zone.updated}
        zone={zone}
        submitLabel={t('sites.common.save')}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ zoneId: zone.zone_id, body });
          toast({ color: 'success', message: t('sites.zone.saved', { name: saved.name }) });
        }}
        buttons={
          <Button color="error" startIcon={<Delete />} onClick={() => void onDelete()} disabled={remove.isPending} sx={{ ml: { sm: 'auto' } }}>
            {t('sites.zone.delete')}
          </Button>
        }
      />
    </Stack>
  );
}

/** `/master-data/zones/{id}` (ManageZones): the zone's form with its polygon, and Delete. */
export function ZonePage() {
  const { t } = useTranslation();
  const id = idOrUndefined(useParams().id);
  const query = useZone(id);
  if (id === undefined || isNotFound(query.error)) return <AppAlert type="warning" message={t('sites.zone.notFound')} />;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  return <ZoneDetail zone={query.data} />;
}
