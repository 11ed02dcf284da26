import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppAlert } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { idOrUndefined } from '../../../lib/page-nav';
import { useCustomTemplate } from './api';
import { TemplateForm } from './template-form';
import { WorkbookPanel } from './workbook-panel';

const WIDTH = { maxWidth: 1000 };

/** `/report/customize/add`. */
export function NewCustomTemplatePage() {
  return (
    <Stack sx={WIDTH}>
      <TemplateForm />
    </Stack>
  );
}

/** `/report/customize/edit/{id}`: the template once loaded (404: "not found"), and its Excel workbook. */
export function EditCustomTemplatePage() {
  const { t } = useTranslation();
  const { id: raw } = useParams();
  const id = idOrUndefined(raw);
  const query = useCustomTemplate(id);
  if (id === undefined) return <AppAlert type="error" message={t('customReports.template.notFound')} />;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('customReports.template.notFound')} />;
  return (
    <Stack spacing={2} sx={WIDTH}>
      <TemplateForm key={query.data.template_id} template={query.data} />
      <WorkbookPanel template={query.data} />
    </Stack>
  );
}
