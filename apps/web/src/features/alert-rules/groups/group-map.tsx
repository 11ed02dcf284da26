import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TInstrument } from '@strata/shared';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView, PointLayer, pointsExtent } from '../../../components/map';

/** Instruments that are not members: small blue-grey dots (one colour, which end-to-end tests look for). */
export const OTHER_COLOR = '#90a4ae';
/** A member at no level. */
export const MEMBER_COLOR = '#1565c0';
const FIT_MARGIN_M = 60;

/** The SVY21 extent of the instruments with a margin, or null when there are none. */
export const instrumentsExtent = (instruments: readonly Pick<TInstrument, 'easting' | 'northing'>[]) => pointsExtent(instruments, FIT_MARGIN_M);

function memberStyle(name: string, color: string): Style {
  return new Style({
    zIndex: 2,
    image: new CircleStyle({ radius: 8, fill: new Fill({ color }), stroke: new Stroke({ color: '#212121', width: 3 }) }),
    text: new Text({
      text: name,
      offsetY: -17,
      font: '600 12px system-ui, sans-serif',
      fill: new Fill({ color: '#212121' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
  });
}

const OTHER_STYLE = new Style({
  zIndex: 1,
  image: new CircleStyle({ radius: 6, fill: new Fill({ color: OTHER_COLOR }), stroke: new Stroke({ color: '#fff', width: 1.5 }) }),
});

const positionOf = (instrument: TInstrument) => instrument;

interface LayerProps {
  instruments: readonly TInstrument[];
  members: ReadonlySet<number>;
  colorOf: (instrumentId: number) => string;
  onToggle: (instrumentId: number) => void;
}

function MembersLayer({ instruments, members, colorOf, onToggle }: LayerProps) {
  const style = useCallback(
    (instrument: TInstrument) => (members.has(instrument.instrument_id) ? memberStyle(instrument.name, colorOf(instrument.instrument_id)) : OTHER_STYLE),
    [members, colorOf],
  );
  return <PointLayer items={instruments} position={positionOf} style={style} onPick={(i) => onToggle(i.instrument_id)} className="alert-group-members" />;
}

function Dot({ color, ring }: { color: string; ring?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 12,
        height: 12,
        borderRadius: '50%',
        bgcolor: color,
        border: ring ? '2px solid #212121' : '1px solid #fff',
        verticalAlign: 'middle',
        mr: 0.75,
      }}
    />
  );
}

/**
 * The contract's instruments on the map: members drawn large with a dark ring and their name, in their current
 * level's colour; the others as small blue-grey dots. A click on an instrument adds it to the group or removes it.
 */
export function GroupMap(props: LayerProps & { label: string }) {
  const { t } = useTranslation();
  const extent = useMemo(() => instrumentsExtent(props.instruments), [props.instruments]);
  return (
    <MapView
      label={props.label}
      extent={extent}
      height={{ xs: 300, sm: 420 }}
      footer={
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
          <span>
            <Dot color={MEMBER_COLOR} ring />
            {t('alertRules.group.legendMember')}
          </span>
          <span>
            <Dot color={OTHER_COLOR} />
            {t('alertRules.group.legendOther')}
          </span>
        </Typography>
      }
    >
      <MembersLayer {...props} />
    </MapView>
  );
}
