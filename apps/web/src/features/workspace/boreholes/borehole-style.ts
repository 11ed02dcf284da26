import type { TBoreholeListItem } from '@strata/shared';
import type { FeatureLike } from 'ol/Feature';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import RegularShape from 'ol/style/RegularShape';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';

/** Labels show from this zoom on (as the instruments' do). */
export const BOREHOLE_LABEL_MIN_ZOOM = 15;

/** Colours given to borehole types, in the order the types are met; a type keeps its colour (its name's hash). */
const PALETTE = ['#6d4c41', '#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457', '#455a64'];
const UNTYPED = '#5d4037';

/** A borehole type's colour on the map and in the list (the same type, the same colour). */
export function boreholeTypeColor(type: string | null | undefined): string {
  if (!type) return UNTYPED;
  let hash = 0;
  for (const ch of type.toUpperCase()) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

/** The boreholes a feature stands for: a cluster's members, or the borehole itself. */
export function boreholesOf(feature: FeatureLike): TBoreholeListItem[] {
  const members = (feature.get('features') as FeatureLike[] | undefined) ?? [feature];
  return members.map((m) => m.get('borehole') as TBoreholeListItem);
}

/**
 * The borehole symbol: a circle in the type's colour crossed by a white "+" (the usual borehole sign on SI plans);
 * a cluster is a larger circle with its count; the borehole number below from BOREHOLE_LABEL_MIN_ZOOM.
 */
export function createBoreholeStyle(options: { zoom: () => number; showLabels: boolean; textColor: string; haloColor: string }) {
  const symbols = new Map<string, Style[]>();
  const clusters = new Map<number, Style>();
  const symbol = (color: string) => {
    let styles = symbols.get(color);
    if (!styles) {
      styles = [
        new Style({ image: new CircleStyle({ radius: 8, fill: new Fill({ color }), stroke: new Stroke({ color: '#ffffff', width: 1.5 }) }) }),
        new Style({ image: new RegularShape({ points: 4, radius: 6, radius2: 0, angle: 0, stroke: new Stroke({ color: '#ffffff', width: 2 }) }) }),
      ];
      symbols.set(color, styles);
    }
    return styles;
  };
  return (feature: FeatureLike): Style[] => {
    const members = boreholesOf(feature);
    if (members.length > 1) {
      let style = clusters.get(members.length);
      if (!style) {
        style = new Style({
          image: new CircleStyle({ radius: 14, fill: new Fill({ color: 'rgba(93,64,55,0.85)' }), stroke: new Stroke({ color: '#ffffff', width: 2 }) }),
          text: new Text({ text: String(members.length), fill: new Fill({ color: '#ffffff' }), font: '600 12px sans-serif' }),
        });
        clusters.set(members.length, style);
      }
      return [style];
    }
    const borehole = members[0]!;
    const styles = symbol(boreholeTypeColor(borehole.borehole_type));
    if (!options.showLabels || options.zoom() < BOREHOLE_LABEL_MIN_ZOOM) return styles;
    return [
      ...styles,
      new Style({
        text: new Text({
          text: borehole.borehole_no,
          offsetY: 18,
          font: '12px sans-serif',
          fill: new Fill({ color: options.textColor }),
          stroke: new Stroke({ color: options.haloColor, width: 3 }),
        }),
      }),
    ];
  };
}
