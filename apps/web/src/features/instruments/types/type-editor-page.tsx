import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TInstrumentType, TReadingCode } from '@strata/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppAlert, useToast } from '../../../components/feedback';
import { typeCalls, useCategories, useInstrumentType, useSaveInstrumentType } from '../api/types';
import { idOrUndefined } from '../../../lib/page-nav';
import { isNotFound } from '../../../lib/error-text';
import { useGo } from '../../../lib/page-nav';
import { LoadError, Loading } from '../../../components/query-states';
import { createBody, saveEditedType } from './save-type';
import { TypeForm } from './type-form';
import { useDeleteType } from './use-delete-type';

const TYPES_TAB = '/master-data/instrument?tab=types';

/** `/master-data/instrument/type/new` (add instrument type): the type with its reading codes, created in one call. */
export function NewInstrumentTypePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const categories = useCategories();
  const save = useSaveInstrumentType();
  if (categories.error) return <LoadError error={categories.error} onRetry={() => void categories.refetch()} />;
  if (!categories.data) return <Loading />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <TypeForm
        categories={categories.data}
        submitLabel={t('instruments.types.create')}
        onSubmit={async (values) => {
          const created = await save.mutateAsync(() => typeCalls.create(createBody(values)));
          toast({ color: 'success', message: t('instruments.types.created', { name: created.name }) });
          go(TYPES_TAB, { replace: true });
        }}
        buttons={<Button onClick={() => go(TYPES_TAB)}>{t('instruments.common.cancel')}</Button>}
      />
    </Stack>
  );
}

function EditType({ type }: { type: TInstrumentType }) {
  const { t } = useTranslation();
  const toast = useToast();
  const go = useGo();
  const categories = useCategories();
  const save = useSaveInstrumentType();
  const remove = useDeleteType();
  /** The reading codes the server holds, kept up to date call by call while saving. */
  const saved = useRef<TReadingCode[]>(type.reading_codes);
  /** The form starts again from the server's type after each successful save (not on background refreshes). */
  const [version, setVersion] = useState(0);
  if (categories.error) return <LoadError error={categories.error} onRetry={() => void categories.refetch()} />;
  if (!categories.data) return <Loading />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      {type.instrument_count > 0 && <AppAlert type="info" message={t('instruments.types.inUse', { count: type.instrument_count })} />}
      <TypeForm
        key={version}
        type={type}
        categories={categories.data}
        submitLabel={t('instruments.common.save')}
        onSubmit={async (values, form) => {
          const result = await save.mutateAsync(() => saveEditedType(type, values, form, saved));
          saved.current = result.reading_codes;
          setVersion((n) => n + 1);
          toast({ color: 'success', message: t('instruments.types.saved', { name: result.name }) });
        }}
        buttons={
          <Button
            color="error"
            startIcon={<Delete />}
            disabled={remove.pending}
            onClick={() => void remove.run(type).then((deleted) => deleted && go(TYPES_TAB, { replace: true }))}
            sx={{ ml: { sm: 'auto' } }}
          >
            {t('instruments.types.delete')}
          </Button>
        }
      />
    </Stack>
  );
}

/** `/master-data/instrument/type/{type_id}`: edit a type and its reading codes, or delete it. */
export function EditInstrumentTypePage() {
  const { t } = useTranslation();
  const id = idOrUndefined(useParams().type_id);
  const query = useInstrumentType(id);
  if (id === undefined || isNotFound(query.error)) return <AppAlert type="warning" message={t('instruments.types.notFound')} />;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  return <EditType key={query.data.type_id} type={query.data} />;
}
