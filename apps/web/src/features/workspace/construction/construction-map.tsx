import { type TConstructionProgressItem, type SiteType } from '@strata/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConstructionProgressList, useExcavationProgress, useTunnelProgress } from './api';
import { ConstructionLayer, TunnelProgressLayer } from './construction-layer';
import { ProgressDrawingOnMap } from './progress-drawing';
import { excavatedAt, facesAt } from './tunnel-history';
import { useToday, useTunnelDate } from './tunnel-state';

const NO_SITES: TConstructionProgressItem[] = [];

export interface ConstructionMapLayersProps {
  type: SiteType;
  contractIds: readonly number[];
  /** The list's keyword: the map draws the sites the list finds (its area limits only the list). */
  keyword: string;
  /** The open site, when a detail is shown. */
  siteId?: number;
  onOpen: (site: Pick<TConstructionProgressItem, 'site_id' | 'type'>) => void;
}

/**
 * What the construction pages draw on the work-space map: the sites of the type (outlines or alignments), the open one
 * highlighted; on a mined tunnel's detail, the part excavated and the faces at the slider's date, and the progress
 * drawing of that date (with its switch below the map).
 */
export function ConstructionMapLayers({ type, contractIds, keyword, siteId, onOpen }: ConstructionMapLayersProps) {
  const list = useConstructionProgressList(type, contractIds, keyword);
  const excavation = useExcavationProgress(type === 'E' ? siteId : undefined);
  const tunnel = useTunnelProgress(type === 'MT' ? siteId : undefined);
  const open = siteId === undefined ? null : type === 'E' ? excavation.data?.site : tunnel.data?.site;
  const selected = useMemo(() => (open ? { site_id: open.site_id, site_name: open.site_name, type: open.type, geometry: open.geometry } : null), [open]);
  return (
    <>
      <ConstructionLayer sites={list.data?.records ?? NO_SITES} selected={selected} onOpen={onOpen} />
      {type === 'MT' && tunnel.data && <TunnelAtDate progress={tunnel.data} />}
      {type === 'MT' && siteId !== undefined && <ProgressDrawingOnMap siteId={siteId} />}
    </>
  );
}

function TunnelAtDate({ progress }: { progress: NonNullable<ReturnType<typeof useTunnelProgress>['data']> }) {
  const { t } = useTranslation();
  const today = useToday();
  const [date] = useTunnelDate();
  const at = date ?? today;
  const line = progress.site.geometry?.type === 'LineString' ? progress.site.geometry.coordinates : null;
  const start = progress.chainage_start ?? 0;
  const range = useMemo<[number, number] | null>(
    () => (progress.chainage_start !== null && progress.chainage_end !== null ? [progress.chainage_start, progress.chainage_end] : null),
    [progress.chainage_start, progress.chainage_end],
  );
  const excavated = useMemo(() => excavatedAt(progress.shifts, at, line, start, range), [progress.shifts, at, line, start, range]);
  const faces = useMemo(
    () =>
      facesAt(progress.shifts, at, line, start).flatMap((f) =>
        f.x === null || f.y === null ? [] : [{ x: f.x, y: f.y, label: `${t(`construction.facePart.${f.face_part}`)} ${f.chainage.toFixed(1)}` }],
      ),
    [progress.shifts, at, line, start, t],
  );
  return <TunnelProgressLayer excavated={excavated} faces={faces} />;
}
