import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TInstrument } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { useDeleteInstrument, useInstrument, useSaveInstrument, useThresholds } from '../api/instruments';
import { useInstrumentTypes } from '../api/types';
import { errorText, isNotFound } from '../../../lib/error-text';
import { idOrUndefined } from '../../../lib/page-nav';
import { LoadError, Loading } from '../../../components/query-states';
import { useGo } from '../../../lib/page-nav';
import { bodyOf, InstrumentForm } from './instrument-form';
import { ThresholdsSection } from './thresholds-section';

const LIST = '/master-data/instrument';

/** `/master-data/instrument/new` (add instrument): the form; once created, the instrument's page (thresholds). */
export function NewInstrumentPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const [params] = useSearchParams();
  const types = useInstrumentTypes();
  const save = useSaveInstrument();
  if (types.error) return <LoadError error={types.error} onRetry={() => void types.refetch()} />;
  if (!types.data) return <Loading />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      {types.data.length === 0 && <AppAlert type="warning" message={t('instruments.form.noTypes')} />}
      <InstrumentForm
        types={types.data}
        contractId={idOrUndefined(params.get('contract'))}
        title={t('instruments.form.details')}
        submitLabel={t('instruments.form.create')}
        onSubmit={async (values) => {
          const saved = await save.mutateAsync({ body: bodyOf(values) });
          toast({ color: 'success', message: t('instruments.form.created', { name: saved.name }) });
          go(`/master-data/instrument/${saved.instrument_id}`, { replace: true });
        }}
        buttons={<Button onClick={() => go(LIST)}>{t('instruments.common.cancel')}</Button>}
      />
    </Stack>
  );
}

function InstrumentDetail({ instrument }: { instrument: TInstrument }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const go = useGo();
  const types = useInstrumentTypes();
  const thresholds = useThresholds(instrument.instrument_id);
  const save = useSaveInstrument();
  const remove = useDeleteInstrument();

  const onDelete = async () => {
    const ok = await confirm({
      title: t('instruments.form.deleteTitle'),
      prompt: t('instruments.form.confirmDelete', { name: instrument.name }),
      positive: t('instruments.common.delete'),
      negative: t('instruments.common.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(instrument.instrument_id);
      toast({ color: 'success', message: t('instruments.form.deleted', { name: instrument.name }) });
      go(LIST, { replace: true });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  if (types.error) return <LoadError error={types.error} onRetry={() => void types.refetch()} />;
  if (!types.data) return <Loading />;
  const type = types.data.find((candidate) => candidate.code === instrument.type_code);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <InstrumentForm
        key={instrument.updated}
        instrument={instrument}
        types={types.data}
        hasThresholds={(thresholds.data?.thresholds.length ?? 0) > 0}
        title={instrument.name}
        subheader={`${instrument.type_name} · ${instrument.contract_no}`}
        submitLabel={t('instruments.common.save')}
        onSubmit={async (values) => {
          const saved = await save.mutateAsync({ id: instrument.instrument_id, body: bodyOf(values) });
          toast({ color: 'success', message: t('instruments.form.saved', { name: saved.name }) });
        }}
        buttons={
          <Button color="error" startIcon={<Delete />} onClick={() => void onDelete()} disabled={remove.isPending} sx={{ ml: { sm: 'auto' } }}>
            {t('instruments.form.delete')}
          </Button>
        }
      />
      <ThresholdsSection instrument={instrument} type={type} />
    </Stack>
  );
}

/** `/master-data/instrument/{id}`: the instrument's form (save, delete) and its thresholds. */
export function InstrumentPage() {
  const { t } = useTranslation();
  const id = idOrUndefined(useParams().id);
  const query = useInstrument(id);
  if (id === undefined || isNotFound(query.error)) return <AppAlert type="warning" message={t('instruments.form.notFound')} />;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  return <InstrumentDetail instrument={query.data} />;
}
