import type { TBreachedInstrument } from '@strata/shared';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { useMemo } from 'react';
import { MapView, PointLayer, pointsExtent } from '../../../components/map';

/** Metres around the breached instruments when the map fits them (one instrument alone is not zoomed in to a point). */
const FIT_MARGIN_M = 150;

/** The SVY21 extent of the instruments with a margin, or null when there are none. */
export const breachedExtent = (records: readonly Pick<TBreachedInstrument, 'easting' | 'northing'>[]) => pointsExtent(records, FIT_MARGIN_M);

function styleOf(instrument: TBreachedInstrument): Style {
  return new Style({
    image: new CircleStyle({ radius: 8, fill: new Fill({ color: instrument.level_color }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
    text: new Text({
      text: instrument.name,
      offsetY: -16,
      font: '600 12px system-ui, sans-serif',
      fill: new Fill({ color: '#212121' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
  });
}

const positionOf = (instrument: TBreachedInstrument) => instrument;

export interface BreachedMapProps {
  label: string;
  records: readonly TBreachedInstrument[];
  onOpen: (instrument: TBreachedInstrument) => void;
}

/** The breached instruments on the map, each a dot in its level's colour with its name; a click opens its alert. */
export function BreachedMap({ label, records, onOpen }: BreachedMapProps) {
  const extent = useMemo(() => breachedExtent(records), [records]);
  return (
    <MapView label={label} extent={extent} height={{ xs: 300, sm: 420, md: 520 }}>
      <PointLayer items={records} position={positionOf} style={styleOf} onPick={onOpen} className="alert-breached" />
    </MapView>
  );
}
