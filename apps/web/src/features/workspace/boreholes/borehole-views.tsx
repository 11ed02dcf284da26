import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { TBorehole } from '@strata/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/query-states';
import { RecordComments } from '../../../components/record-comments';
import { RecordDocuments, RecordFiles, RecordPhotos } from '../../../components/record-files';
import type { TranslationKey } from '../../../lib/i18n';
import { boreholePath } from './paths';

const BoreholeDetailPanel = lazy(() => import('./borehole-detail-panel').then((m) => ({ default: m.BoreholeDetailPanel })));

interface BoreholeViewContext {
  onShowOnMap: (borehole: TBorehole, auto: boolean) => void;
}

interface BoreholeView {
  view: string;
  labelKey: TranslationKey;
  render: (id: number, context: BoreholeViewContext) => ReactNode;
}

/** The tabs of a borehole's detail page (spec §2.3, §2.13): detail, photo, documents, files, comments, in order. */
export const BOREHOLE_VIEWS: readonly BoreholeView[] = [
  { view: 'detail', labelKey: 'workspace.views.detail', render: (id, context) => <BoreholeDetailPanel boreholeId={id} onShowOnMap={context.onShowOnMap} /> },
  { view: 'photo', labelKey: 'workspace.views.photo', render: (id) => <RecordPhotos category="borehole" refId={id} /> },
  { view: 'documents', labelKey: 'workspace.views.documents', render: (id) => <RecordDocuments category="borehole" refId={id} /> },
  { view: 'files', labelKey: 'workspace.views.files', render: (id) => <RecordFiles category="borehole" refId={id} /> },
  {
    view: 'comments',
    labelKey: 'workspace.views.comments',
    render: (id) => <RecordComments topic="borehole" refId={id} linkUri={boreholePath(id, 'comments')} />,
  },
];

/** The view of the URL's last segment (none: detail), or undefined when it is not one of the tabs. */
export function findBoreholeView(view: string | undefined): BoreholeView | undefined {
  return BOREHOLE_VIEWS.find((v) => v.view === (view ?? 'detail'));
}

export interface BoreholeViewsProps {
  boreholeId: number;
  view: string;
  onView: (view: string) => void;
  /** Centre the map on the borehole at zoom 19; `auto` when the page does it on opening (no history entry). */
  onShowOnMap: (borehole: TBorehole, auto: boolean) => void;
}

/** A borehole's tab bar and the chosen view (choosing a tab replaces the view segment and keeps the query string). */
export function BoreholeViews({ boreholeId, view, onView, onShowOnMap }: BoreholeViewsProps) {
  const { t } = useTranslation();
  const current = findBoreholeView(view) ?? BOREHOLE_VIEWS[0]!;
  return (
    <>
      <Tabs
        value={current.view}
        onChange={(_event, value: string) => onView(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 0, px: 1.5 } }}
        aria-label={t('boreholes.views')}
      >
        {BOREHOLE_VIEWS.map((v) => (
          <Tab key={v.view} value={v.view} label={t(v.labelKey)} />
        ))}
      </Tabs>
      <Suspense fallback={<Loading />}>{current.render(boreholeId, { onShowOnMap })}</Suspense>
    </>
  );
}
