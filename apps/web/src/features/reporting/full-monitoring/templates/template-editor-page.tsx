import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppAlert } from '../../../../components/feedback';
import { LoadError, Loading } from '../../../../components/query-states';
import { idOrUndefined } from '../../../../lib/page-nav';
import { useMonitoringTemplate } from '../api';
import { TemplateForm } from './template-form';

/** `/reporting/monitoring-template/add`. */
export function NewTemplatePage() {
  return <TemplateForm />;
}

/** `/reporting/monitoring-template/edit/{template_id}`: the template once loaded (404: "not found"). */
export function EditTemplatePage() {
  const { t } = useTranslation();
  const { template_id } = useParams();
  const id = idOrUndefined(template_id);
  const query = useMonitoringTemplate(id);
  if (id === undefined) return <AppAlert type="error" message={t('fullMonitoring.template.notFound')} />;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('fullMonitoring.template.notFound')} />;
  return <TemplateForm key={query.data.template_id} template={query.data} />;
}
