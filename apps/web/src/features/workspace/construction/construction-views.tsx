import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { SiteType } from '@strata/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/query-states';
import { RecordComments } from '../../../components/record-comments';
import { RecordDocuments, RecordFiles, RecordPhotos } from '../../../components/record-files';
import type { TranslationKey } from '../../../lib/i18n';
import type { Svy21Extent } from '../state/url-state';
import { constructionPath } from './paths';

const ExcavationDetailPanel = lazy(() => import('./excavation-detail-panel').then((m) => ({ default: m.ExcavationDetailPanel })));
const TunnelDetailPanel = lazy(() => import('./tunnel-detail-panel').then((m) => ({ default: m.TunnelDetailPanel })));

/** The record category (and comment topic) of a site type's photos, documents, files and comments. */
export const RECORD_CATEGORY: Record<SiteType, 'excavation' | 'tunnel'> = { E: 'excavation', MT: 'tunnel' };

interface ConstructionViewContext {
  type: SiteType;
  contractIds: readonly number[];
  onShowOnMap: (extent: Svy21Extent, auto: boolean) => void;
}

interface ConstructionView {
  view: string;
  labelKey: TranslationKey;
  render: (id: number, context: ConstructionViewContext) => ReactNode;
}

/** The tabs of an excavation's or a mined tunnel's detail page (spec §2.3): detail, photo, documents, files, comments. */
export const CONSTRUCTION_VIEWS: readonly ConstructionView[] = [
  {
    view: 'detail',
    labelKey: 'workspace.views.detail',
    render: (id, c) =>
      c.type === 'E' ? (
        <ExcavationDetailPanel siteId={id} contractIds={c.contractIds} onShowOnMap={c.onShowOnMap} />
      ) : (
        <TunnelDetailPanel siteId={id} onShowOnMap={c.onShowOnMap} />
      ),
  },
  { view: 'photo', labelKey: 'workspace.views.photo', render: (id, c) => <RecordPhotos category={RECORD_CATEGORY[c.type]} refId={id} /> },
  { view: 'documents', labelKey: 'workspace.views.documents', render: (id, c) => <RecordDocuments category={RECORD_CATEGORY[c.type]} refId={id} /> },
  { view: 'files', labelKey: 'workspace.views.files', render: (id, c) => <RecordFiles category={RECORD_CATEGORY[c.type]} refId={id} /> },
  {
    view: 'comments',
    labelKey: 'workspace.views.comments',
    render: (id, c) => <RecordComments topic={RECORD_CATEGORY[c.type]} refId={id} linkUri={constructionPath(c.type, id, 'comments')} />,
  },
];

/** The view of the URL's last segment (none: detail), or undefined when it is not one of the tabs. */
export function findConstructionView(view: string | undefined): ConstructionView | undefined {
  return CONSTRUCTION_VIEWS.find((v) => v.view === (view ?? 'detail'));
}

export interface ConstructionViewsProps {
  type: SiteType;
  siteId: number;
  view: string;
  contractIds: readonly number[];
  onView: (view: string) => void;
  /** Fit the map to the site; `auto` when the page does it on opening (no history entry). */
  onShowOnMap: (extent: Svy21Extent, auto: boolean) => void;
}

/** A site's tab bar and the chosen view (choosing a tab replaces the view segment and keeps the query string). */
export function ConstructionViews({ type, siteId, view, contractIds, onView, onShowOnMap }: ConstructionViewsProps) {
  const { t } = useTranslation();
  const current = findConstructionView(view) ?? CONSTRUCTION_VIEWS[0]!;
  return (
    <>
      <Tabs
        value={current.view}
        onChange={(_event, value: string) => onView(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 0, px: 1.5 } }}
        aria-label={t(type === 'E' ? 'construction.excavation.views' : 'construction.tunnel.views')}
      >
        {CONSTRUCTION_VIEWS.map((v) => (
          <Tab key={v.view} value={v.view} label={t(v.labelKey)} />
        ))}
      </Tabs>
      <Suspense fallback={<Loading />}>{current.render(siteId, { type, contractIds, onShowOnMap })}</Suspense>
    </>
  );
}
