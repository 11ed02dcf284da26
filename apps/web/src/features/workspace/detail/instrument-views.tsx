import type { TConfig, TInstrument } from '@strata/shared';
import { lazy, type ReactNode } from 'react';
import { RecordComments } from '../../../components/record-comments';
import { RecordDocuments, RecordFiles, RecordPhotos } from '../../../components/record-files';
import type { TranslationKey } from '../../../lib/i18n';
import type { InstrumentLook } from '../map/instrument-style';
import type { WorkspaceUpdate } from '../state/use-workspace-url';
import type { WorkspaceUrlState } from '../state/url-state';

/** The detail (with the charts, hence ECharts) loads when an instrument is opened. */
const InstrumentDetailPanel = lazy(() => import('./instrument-detail-panel').then((m) => ({ default: m.InstrumentDetailPanel })));

/** What the work-space page hands to a view besides the instrument id (most views need only the id). */
export interface InstrumentViewContext {
  config: TConfig | undefined;
  look: InstrumentLook;
  state: WorkspaceUrlState;
  update: WorkspaceUpdate;
  /** Centre the map on the instrument (zoom 19). */
  onShowOnMap: (instrument: TInstrument) => void;
}

export interface InstrumentView {
  /** The last path segment of `/dashboard/search/instrument/{id}/{view}`; `detail` is the default and has none. */
  view: string;
  /** The tab's label (i18n key). */
  labelKey: TranslationKey;
  render: (instrumentId: number, context: InstrumentViewContext) => ReactNode;
}

/**
 * The tabs of an instrument's detail page (spec §2.3: detail, photo, documents, files, comments), in tab order. Only
 * the views listed here are shown as tabs; any other view segment in the URL falls back to `detail`. A feature that
 * brings a view adds one entry (import + entry), e.g.
 *   { view: 'comments', labelKey: 'workspace.views.comments', render: (id) => <RecordComments recordType="instrument" recordId={id} /> },
 * The labels `workspace.views.{detail,photo,documents,files,comments}` already exist in en.json and zh.json.
 */
export const INSTRUMENT_VIEWS: readonly InstrumentView[] = [
  { view: 'detail', labelKey: 'workspace.views.detail', render: (id, context) => <InstrumentDetailPanel instrumentId={id} {...context} /> },
  { view: 'photo', labelKey: 'workspace.views.photo', render: (id) => <RecordPhotos category="instrument" refId={id} /> },
  { view: 'documents', labelKey: 'workspace.views.documents', render: (id) => <RecordDocuments category="instrument" refId={id} /> },
  { view: 'files', labelKey: 'workspace.views.files', render: (id) => <RecordFiles category="instrument" refId={id} /> },
  {
    view: 'comments',
    labelKey: 'workspace.views.comments',
    render: (id) => <RecordComments topic="instrument" refId={id} linkUri={`/dashboard/search/instrument/${id}/comments`} />,
  },
];

export const DEFAULT_INSTRUMENT_VIEW = 'detail';

/** The view of the URL's last segment among `views`, or undefined when it is not one of them. */
export function findInstrumentView(views: readonly InstrumentView[], view: string | undefined): InstrumentView | undefined {
  return views.find((v) => v.view === (view ?? DEFAULT_INSTRUMENT_VIEW));
}
