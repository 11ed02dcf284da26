import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TStructureKind } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppAlert, useToast } from '../../components/feedback';
import { LoadError, Loading } from '../../components/query-states';
import { isNotFound } from '../../lib/error-text';
import { idOrUndefined, useGo } from '../../lib/page-nav';
import { useSaveStructure, useStructure } from './api';
import { StructureForm } from './components/structure-form';
import { KINDS, recordPath } from './kinds';

/** `/dashboard/{kind}/new` (Manage): the form; the outline is drawn on the map and the instruments picked. */
export function NewStructurePage({ kind }: { kind: TStructureKind }) {
  const { t } = useTranslation();
  const info = KINDS[kind];
  const toast = useToast();
  const go = useGo();
  const save = useSaveStructure(kind);
  const title = t(`structures.kind.${info.words}.new`);
  return (
    <Box sx={{ maxWidth: 1366 }}>
      <StructureForm
        title={title}
        submitLabel={t('structures.form.create')}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ body });
          toast({ color: 'success', message: t('structures.form.created', { name: saved.name }) });
          go(recordPath(info, saved.structure_id), { replace: true });
        }}
        buttons={<Button onClick={() => go(info.workspace)}>{t('structures.form.cancel')}</Button>}
      />
    </Box>
  );
}

/** `/dashboard/{kind}/{id}/edit` (Manage). */
export function EditStructurePage({ kind }: { kind: TStructureKind }) {
  const { t } = useTranslation();
  const info = KINDS[kind];
  const id = idOrUndefined(useParams().id);
  const query = useStructure(kind, id);
  const toast = useToast();
  const go = useGo();
  const save = useSaveStructure(kind);
  if (id === undefined || isNotFound(query.error)) return <AppAlert type="warning" message={t(`structures.kind.${info.words}.notFound`)} />;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const structure = query.data;
  return (
    <Box sx={{ maxWidth: 1366 }}>
      <StructureForm
        key={structure.updated}
        structure={structure}
        title={structure.name}
        submitLabel={t('structures.form.save')}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ id: structure.structure_id, body });
          toast({ color: 'success', message: t('structures.form.saved', { name: saved.name }) });
          go(recordPath(info, saved.structure_id), { replace: true });
        }}
        buttons={<Button onClick={() => go(recordPath(info, structure.structure_id))}>{t('structures.form.cancel')}</Button>}
      />
    </Box>
  );
}

export const NewCriticalInterfacePage = () => <NewStructurePage kind="critical-interface" />;
export const NewMiningWorksPage = () => <NewStructurePage kind="mining-works" />;
export const EditCriticalInterfacePage = () => <EditStructurePage kind="critical-interface" />;
export const EditMiningWorksPage = () => <EditStructurePage kind="mining-works" />;
