import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TInstrumentCategory } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientPage, DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { useDialog, useToast } from '../../../components/feedback';
import { useRouteAction } from '../../../lib/route-actions';
import { useCategories, useDeleteCategory } from '../api/types';
import { errorText } from '../../../lib/error-text';
import { CategoryDialog } from './category-dialog';

type Editing = { category?: TInstrumentCategory } | null;

/** `/master-data/category` (add category): instrument categories with their type counts; rename and delete. */
export function CategoriesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const categories = useCategories();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Editing>(null);
  const [query, setQuery] = useState<TableQuery>({ page: 1, pageSize: 25, sort: null });
  useRouteAction('add-category', () => setEditing({}));

  const onDelete = async (category: TInstrumentCategory) => {
    const ok = await confirm({
      title: t('instruments.categories.deleteTitle'),
      prompt:
        category.type_count > 0
          ? t('instruments.categories.confirmDeleteUsed', { name: category.name, count: category.type_count })
          : t('instruments.categories.confirmDelete', { name: category.name }),
      positive: t('instruments.common.delete'),
      negative: t('instruments.common.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(category.category_id);
      toast({ color: 'success', message: t('instruments.categories.deleted', { name: category.name }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const columns: DataTableColumn<TInstrumentCategory>[] = [
    { id: 'name', label: t('instruments.categories.name'), sortable: true, minWidth: 200 },
    { id: 'type_count', label: t('instruments.categories.typeCount'), sortable: true, align: 'right' },
    {
      id: 'actions',
      label: t('instruments.common.actions'),
      align: 'right',
      noWrap: true,
      render: (category) => (
        <>
          <IconButton size="small" aria-label={t('instruments.categories.renameNamed', { name: category.name })} onClick={() => setEditing({ category })}>
            <Edit fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            color="error"
            disabled={remove.isPending}
            aria-label={t('instruments.categories.deleteNamed', { name: category.name })}
            onClick={() => void onDelete(category)}
          >
            <Delete fontSize="small" />
          </IconButton>
        </>
      ),
    },
  ];

  const page = clientPage(categories.data ?? [], query);
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography color="text.secondary">{t('instruments.categories.intro')}</Typography>
      <DataTable
        label={t('instruments.categories.tableLabel')}
        columns={columns}
        rows={page.rows}
        total={page.total}
        page={query.page}
        pageSize={query.pageSize}
        sort={query.sort}
        onChange={setQuery}
        loading={categories.isFetching}
        error={categories.error ?? undefined}
        onRetry={() => void categories.refetch()}
        getRowId={(category) => category.category_id}
        emptyText={t('instruments.categories.empty')}
      />
      <CategoryDialog open={editing !== null} category={editing?.category} onClose={() => setEditing(null)} />
    </Stack>
  );
}
