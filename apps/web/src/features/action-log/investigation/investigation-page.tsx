import { useTranslation } from 'react-i18next';
import { EmptyText } from '../../../components/query-states';
import { useSession } from '../../../lib/auth-store';
import { useActionLogLive } from '../api/keys';
import { CasesTable } from '../components/cases-table';
import { readableCategories } from '../tasks';

/**
 * `/alerts/investigation` (spec §2.6 "Log of Actions Taken"): every case the user may read, of all categories, with
 * category, status and keyword filters; a row opens the case.
 */
export function InvestigationPage() {
  const { t } = useTranslation();
  const permissions = useSession((state) => state.permissions);
  const readable = readableCategories(permissions);
  useActionLogLive();
  if (readable.length === 0) return <EmptyText>{t('actionLog.list.noCategory')}</EmptyText>;
  return <CasesTable categories={readable} label={t('actionLog.list.investigationLabel')} />;
}
