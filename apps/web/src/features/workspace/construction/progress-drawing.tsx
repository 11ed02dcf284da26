import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { isPlaceableDrawing, type TDrawingExtent, type TSiteDrawing } from '@strata/shared';
import ImageLayer from 'ol/layer/Image';
import ImageStatic from 'ol/source/ImageStatic';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SVY21, useMapLayer } from '../../../components/map';
import { withResourceToken } from '../../../components/record-files';
import { useSession } from '../../../lib/auth-store';
import { useSiteDrawings } from './api';
import { formatDay } from './format';
import { useToday, useTunnelDate } from './tunnel-state';

/**
 * A mined tunnel's progress drawing on the map (issue 19, decision 038): of the PNG and JPEG drawings placed on the map,
 * the one whose progress date is the latest on or before the slider's date is drawn stretched over its place, half
 * transparent, over the base map and under the work space's own layers (the alignment and the progress line above it).
 */

/** A drawing the map can show: a PNG or JPEG with a date and a place. */
export type PlacedDrawing = TSiteDrawing & { drawing_date: string; extent: TDrawingExtent };

export function isPlaced(d: TSiteDrawing): d is PlacedDrawing {
  return d.drawing_date !== null && d.extent !== null && isPlaceableDrawing(d.content_type);
}

/**
 * The drawing shown at the end of `date` (YYYY-MM-DD): the placed drawing of the latest progress date on or before it;
 * of two of the same date, the later upload. Null when none is placed by then.
 */
export function drawingAt(drawings: readonly TSiteDrawing[], date: string): PlacedDrawing | null {
  let best: PlacedDrawing | null = null;
  for (const d of drawings) {
    if (!isPlaced(d) || d.drawing_date > date) continue;
    if (
      !best ||
      d.drawing_date > best.drawing_date ||
      (d.drawing_date === best.drawing_date && (d.uploaded_at > best.uploaded_at || (d.uploaded_at === best.uploaded_at && d.drawing_id > best.drawing_id)))
    )
      best = d;
  }
  return best;
}

/** How see-through the drawing is drawn: the map under it stays readable. */
export const PROGRESS_DRAWING_OPACITY = 0.6;
/**
 * Above the base map and the overlays (z-index < 0), under everything the work space draws: the contract boundaries
 * (5), the stations (7), the sites (8), the instruments (9, 10) and the tunnel's progress line (12).
 */
export const PROGRESS_DRAWING_Z = 4;

/** The image layer of a drawing: the image at `url` stretched over `extent`, SVY21 (EPSG:3414) metres. */
export function progressDrawingLayer(url: string, extent: TDrawingExtent): ImageLayer<ImageStatic> {
  return new ImageLayer({
    source: new ImageStatic({ url, imageExtent: [...extent], projection: SVY21 }),
    opacity: PROGRESS_DRAWING_OPACITY,
    zIndex: PROGRESS_DRAWING_Z,
    className: 'ws-progress-drawing',
    properties: { id: 'progress-drawing' },
  });
}

/** Where the drawn image is: loading, loaded, or failed to load. */
export type DrawingImageState = 'loading' | 'loaded' | 'failed';

interface ProgressDrawingLayerProps {
  url: string;
  extent: TDrawingExtent;
  /** The image's state while the layer is on the map; null once it is taken off. */
  onImage: (state: DrawingImageState | null) => void;
}

/** Puts a drawing's image layer on the work-space map while mounted (a new drawing: a new layer). */
export function ProgressDrawingLayer({ url, extent, onImage }: ProgressDrawingLayerProps) {
  const [minE, minN, maxE, maxN] = extent;
  const layer = useMemo(() => progressDrawingLayer(url, [minE, minN, maxE, maxN]), [url, minE, minN, maxE, maxN]);
  const map = useMapLayer(layer);
  useEffect(() => {
    if (!map) return undefined;
    const source = layer.getSource()!;
    const loaded = () => onImage('loaded');
    const failed = () => onImage('failed');
    onImage('loading');
    source.on('imageloadend', loaded);
    source.on('imageloaderror', failed);
    return () => {
      source.un('imageloadend', loaded);
      source.un('imageloaderror', failed);
      onImage(null);
    };
  }, [map, layer, onImage]);
  return null;
}

/**
 * On a mined tunnel's detail, below the map: "Show progress drawing" (on by default) with the date and file of the
 * drawing shown at the slider's date, and that drawing on the map. Nothing when the drive has no drawing placed.
 * `data-drawing-id` names the drawing chosen, `data-layer` is `on` while its layer is on the map and `data-image`
 * says whether its image loaded (what the end-to-end test reads).
 */
export function ProgressDrawingOnMap({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const drawings = useSiteDrawings(siteId);
  const today = useToday();
  const [date] = useTunnelDate();
  const token = useSession((state) => state.resourceToken);
  const [show, setShow] = useState(true);
  const [image, setImage] = useState<DrawingImageState | null>(null);
  const records = drawings.data?.records;
  const chosen = useMemo(() => (records ? drawingAt(records, date ?? today) : null), [records, date, today]);
  if (!records || !records.some(isPlaced)) return null;
  const url = chosen ? withResourceToken(chosen.url, token) : null;
  const drawn = show && chosen !== null && url !== null;
  const status = chosen
    ? image === 'failed' && drawn
      ? t('construction.drawings.loadFailed', { file: chosen.file_name })
      : t('construction.drawings.shownDate', { date: formatDay(chosen.drawing_date), file: chosen.file_name })
    : t('construction.drawings.noneAtDate');
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      data-testid="progress-drawing"
      data-drawing-id={chosen?.drawing_id}
      data-layer={drawn && image !== null ? 'on' : undefined}
      data-image={drawn ? (image ?? undefined) : undefined}
      sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}
    >
      <FormControlLabel
        control={<Switch size="small" checked={show} onChange={(event) => setShow(event.target.checked)} disabled={!chosen} />}
        label={t('construction.drawings.show')}
      />
      <Typography variant="body2" color={image === 'failed' && drawn ? 'error' : 'text.secondary'} role="status">
        {status}
      </Typography>
      {drawn && <ProgressDrawingLayer url={url} extent={chosen.extent} onImage={setImage} />}
    </Stack>
  );
}
