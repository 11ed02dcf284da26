import Delete from '@mui/icons-material/Delete';
import EditNote from '@mui/icons-material/EditNote';
import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TSite } from '@strata/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type TableQuery } from '../../../components/data-table';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { useSession } from '../../../lib/auth-store';
import { useRouteAction } from '../../../lib/route-actions';
import { useCan } from '../../../lib/use-can';
import { errorText } from '../../../lib/error-text';
import { useGo } from '../../../lib/page-nav';
import { isNotFound } from '../../../lib/error-text';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { canChangeActivity } from '../shared/site-type';
import { idOrUndefined } from '../../../lib/page-nav';
import { useDeleteSite, useDrawings, useDrawingsChanged, useSaveSite, useSite } from './api';
import { DrawingsTable } from './drawings-table';
import { SiteForm } from './site-form';
import { SiteTypeChip } from './sites-page';
import { UploadDrawingDialog } from '../../../components/site-drawing-upload/upload-drawing-dialog';

/** A site page, loaded from its `:id`. */
function WithSite({ render }: { render: (site: TSite) => ReactNode }) {
  const { t } = useTranslation();
  const id = idOrUndefined(useParams().id);
  const query = useSite(id);
  if (id === undefined || isNotFound(query.error)) return <AppAlert type="warning" message={t('sites.site.notFound')} />;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  return <>{render(query.data)}</>;
}

/** Registers the Upload Drawing route action while shown (only for users who may add drawings to this site). */
function UploadDrawingAction({ onRun }: { onRun: () => void }) {
  useRouteAction('upload-drawing', onRun);
  return null;
}

/** The path of the activity page of a site type, with the site chosen. */
export function activityPath(site: Pick<TSite, 'site_id' | 'type'>): string {
  return `${site.type === 'E' ? '/master-data/excavations' : '/master-data/mined-tunnel'}?site=${site.site_id}`;
}

const DRAWINGS_PAGE_SIZE = 10;

function SiteDetail({ site }: { site: TSite }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const go = useGo();
  const canEdit = useCan('ManageConstructionSites');
  const permissions = useSession((state) => state.permissions);
  const canActivity = canChangeActivity(permissions, site.type);
  const save = useSaveSite();
  const remove = useDeleteSite();
  const drawingsChanged = useDrawingsChanged();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [table, setTable] = useState<TableQuery>({ page: 1, pageSize: DRAWINGS_PAGE_SIZE, sort: null });
  const drawings = useDrawings({ site_id: site.site_id, limit: table.pageSize, skip: (table.page - 1) * table.pageSize });

  const onDelete = async () => {
    const ok = await confirm({
      title: t('sites.site.deleteTitle'),
      prompt: t('sites.site.confirmDelete', { name: site.site_name, count: site.drawing_count }),
      positive: t('sites.common.delete'),
      negative: t('sites.common.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(site.site_id);
      toast({ color: 'success', message: t('sites.site.deleted', { name: site.site_name }) });
      go('/master-data/construction/site', { replace: true });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      {canActivity && <UploadDrawingAction onRun={() => setUploadOpen(true)} />}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {site.site_name}
        </Typography>
        <SiteTypeChip type={site.type} />
        <Typography color="text.secondary">{site.contract_no}</Typography>
      </Stack>
      <SiteForm
        key={site.updated}
        site={site}
        readOnly={!canEdit}
        submitLabel={t('sites.common.save')}
        onSubmit={async (values) => {
          const saved = await save.mutateAsync({
            siteId: site.site_id,
            body: { contract_id: values.contract_id, site_name: values.site_name, description: values.description, geometry: values.geometry },
          });
          toast({ color: 'success', message: t('sites.site.saved', { name: saved.site_name }) });
        }}
        buttons={
          canEdit && (
            <Button color="error" startIcon={<Delete />} onClick={() => void onDelete()} disabled={remove.isPending} sx={{ ml: { sm: 'auto' } }}>
              {t('sites.site.delete')}
            </Button>
          )
        }
      />
      <Section
        title={t('sites.activity.sectionTitle')}
        action={
          canActivity && (
            <Button startIcon={<EditNote />} onClick={() => go(activityPath(site))}>
              {t('sites.activity.edit')}
            </Button>
          )
        }
      >
        <Typography color="text.secondary">
          {t('sites.activity.summary', { stages: site.stages.length, values: Object.keys(site.design_values).length })}
        </Typography>
      </Section>
      <Section
        title={t('sites.drawing.sectionTitle')}
        action={
          canActivity && (
            <Button startIcon={<UploadFile />} onClick={() => setUploadOpen(true)}>
              {t('sites.action.uploadDrawing')}
            </Button>
          )
        }
      >
        <DrawingsTable
          query={drawings}
          page={table.page}
          pageSize={table.pageSize}
          onChange={setTable}
          label={t('sites.drawing.tableLabel', { name: site.site_name })}
          emptyText={t('sites.drawing.empty')}
          canDelete={() => canActivity}
        />
      </Section>
      <UploadDrawingDialog site={site} open={uploadOpen} onClose={() => setUploadOpen(false)} onUploaded={drawingsChanged} />
    </Stack>
  );
}

/** `/master-data/construction/site/{id}`: the site's form, its stages summary and its drawings (Upload Drawing). */
export function SitePage() {
  return <WithSite render={(site) => <SiteDetail site={site} />} />;
}
