import { instrumentMapColor, NORMAL_INSTRUMENT_COLOR, type TConfig, type TInstrument } from '@strata/shared';
import type { FeatureLike } from 'ol/Feature';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Icon from 'ol/style/Icon';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import { instrumentIconDataUrl } from '../../../components/instrument-icon';

/** The colour of instruments at no level: the type's own colour, else the spec's green (§9). */
export const NORMAL_COLOR = NORMAL_INSTRUMENT_COLOR;
/** Labels show from this zoom on (below it they would cover each other). */
export const LABEL_MIN_ZOOM = 15;

export interface LevelInfo {
  code: string;
  name: string;
  color: string;
  severity: number;
}

export interface TypeInfo {
  code: string;
  name: string;
  icon: string;
  color: string;
}

/** The look of the map's instruments, from the configuration: each type's icon and normal colour, each level's colour. */
export interface InstrumentLook {
  types: Map<string, TypeInfo>;
  levels: Map<string, LevelInfo>;
}

export function instrumentLook(config: Pick<TConfig, 'instruments' | 'thresholds'> | undefined): InstrumentLook {
  return {
    types: new Map((config?.instruments ?? []).map((t) => [t.code, { code: t.code, name: t.name, icon: t.icon, color: t.icon_color || NORMAL_COLOR }])),
    levels: new Map((config?.thresholds ?? []).map((l) => [l.code, { code: l.code, name: l.name, color: l.color, severity: l.severity }])),
  };
}

/** An instrument's colour: its level's colour when it is at a level, else its type's normal colour. */
export function instrumentColor(look: InstrumentLook, typeCode: string, level: string | undefined): string {
  return instrumentMapColor(level ? look.levels.get(level)?.color : undefined, look.types.get(typeCode)?.color);
}

/** The most severe of some levels (the colour of a cluster). */
export function worstLevel(look: InstrumentLook, levels: readonly (string | undefined)[]): string | undefined {
  let worst: LevelInfo | undefined;
  for (const code of levels) {
    const level = code ? look.levels.get(code) : undefined;
    if (level && (!worst || level.severity > worst.severity)) worst = level;
  }
  return worst?.code;
}

export interface StyleOptions {
  look: InstrumentLook;
  levelOf: (instrumentId: number) => string | undefined;
  showLabels: boolean;
  /** The map's zoom now (labels only when close enough). */
  zoom: () => number;
  textColor: string;
  haloColor: string;
}

/**
 * The style function of the clustered instrument layer: one instrument is its type icon filled with its colour (and
 * its name when labels are on and the map is close enough); a cluster is a disc with the count, in the colour of its
 * most severe member (or the first member's type colour when none is at a level). Each is an obstacle of the map's
 * declutter group (MAP_DECLUTTER): always drawn, and nothing of that group is drawn under it.
 */
export function createInstrumentStyle(options: StyleOptions): (feature: FeatureLike) => Style | Style[] {
  const cache = new Map<string, Style>();
  const cached = (key: string, make: () => Style) => {
    let style = cache.get(key);
    if (!style) {
      style = make();
      cache.set(key, style);
    }
    return style;
  };
  return (feature) => {
    const members = (feature.get('features') as FeatureLike[] | undefined) ?? [feature];
    if (members.length === 1) {
      const instrument = members[0]!.get('instrument') as TInstrument;
      const level = options.levelOf(instrument.instrument_id);
      const color = instrumentColor(options.look, instrument.type_code, level);
      const icon = options.look.types.get(instrument.type_code)?.icon ?? 'circle';
      const symbol = cached(
        `i|${icon}|${color}`,
        () => new Style({ image: new Icon({ src: instrumentIconDataUrl(icon, color, 24), width: 22, height: 22, declutterMode: 'obstacle' }) }),
      );
      if (!options.showLabels || options.zoom() < LABEL_MIN_ZOOM) return symbol;
      const label = new Style({
        text: new Text({
          text: instrument.name,
          offsetY: -18,
          declutterMode: 'obstacle',
          font: '600 12px Roboto, Arial, sans-serif',
          fill: new Fill({ color: options.textColor }),
          stroke: new Stroke({ color: options.haloColor, width: 3 }),
        }),
      });
      return [symbol, label];
    }
    const levels = members.map((m) => options.levelOf((m.get('instrument') as TInstrument).instrument_id));
    const worst = worstLevel(options.look, levels);
    const first = members[0]!.get('instrument') as TInstrument;
    const color = worst ? options.look.levels.get(worst)!.color : instrumentColor(options.look, first.type_code, undefined);
    const count = members.length;
    const radius = count < 10 ? 12 : count < 100 ? 15 : 18;
    return cached(
      `c|${color}|${count}`,
      () =>
        new Style({
          image: new CircleStyle({ radius, fill: new Fill({ color }), stroke: new Stroke({ color: '#ffffff', width: 2 }), declutterMode: 'obstacle' }),
          text: new Text({
            text: String(count),
            declutterMode: 'obstacle',
            font: '700 12px Roboto, Arial, sans-serif',
            fill: new Fill({ color: '#ffffff' }),
            stroke: new Stroke({ color: '#263238', width: 2 }),
          }),
        }),
    );
  };
}
