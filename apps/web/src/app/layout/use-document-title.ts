import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../lib/app-info';
import { useRouteMeta } from './use-route-meta';

/** Document title: the application description, a dash, then the route title (spec §2). */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const { data: info } = useAppInfo();
  const routeTitle = meta ? t(meta.title) : '';
  const description = info?.description || info?.name || t('app.name');
  useEffect(() => {
    document.title = routeTitle ? `${description} - ${routeTitle}` : description;
  }, [description, routeTitle]);
}
