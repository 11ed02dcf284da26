import { geometryToSvy21, looksLikeWgs84, ringProblem, type TPolygon } from '@strata/shared';
import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import KML from 'ol/format/KML';
import type Geometry from 'ol/geom/Geometry';
import GeometryCollection from 'ol/geom/GeometryCollection';
import MultiPolygon from 'ol/geom/MultiPolygon';
import Polygon from 'ol/geom/Polygon';
import { SVY21 } from './projection';

/** Why a file or a drawing gives no usable polygon; `key` is the i18n key of the message. */
export class PolygonFileError extends Error {
  constructor(readonly key: PolygonProblemKey) {
    super(key);
    this.name = 'PolygonFileError';
  }
}

export type PolygonProblemKey =
  | 'contractsAdmin.map.errors.unreadable'
  | 'contractsAdmin.map.errors.noPolygon'
  | 'contractsAdmin.map.errors.tooFew'
  | 'contractsAdmin.map.errors.tooMany'
  | 'contractsAdmin.map.errors.crosses'
  | 'contractsAdmin.map.errors.noArea'
  | 'contractsAdmin.map.errors.invalid';

export interface ImportedPolygon {
  /** In SVY21 metres `[easting, northing]`, rings closed, millimetres. */
  polygon: TPolygon;
  /** The coordinate system the file was read in. */
  sourceCrs: 'svy21' | 'wgs84';
}

type Rings = number[][][];

function firstPolygon(geometry: Geometry | undefined): Rings | undefined {
  if (geometry instanceof Polygon) return geometry.getCoordinates();
  if (geometry instanceof MultiPolygon) return geometry.getPolygons()[0]?.getCoordinates();
  if (geometry instanceof GeometryCollection) {
    for (const part of geometry.getGeometries()) {
      const found = firstPolygon(part);
      if (found) return found;
    }
  }
  return undefined;
}

function fromFeatures(features: Feature[]): Rings | undefined {
  for (const feature of features) {
    const found = firstPolygon(feature.getGeometry());
    if (found) return found;
  }
  return undefined;
}

/** Rings with 2D positions, each closed (the first position repeated last). */
export function closeRings(rings: Rings): Rings {
  return rings.map((ring) => {
    const flat = ring.map((p) => [p[0]!, p[1]!]);
    const first = flat[0];
    const last = flat[flat.length - 1];
    return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...flat, [...first]] : flat;
  });
}

const mm = (v: number) => Math.round(v * 1000) / 1000;

/** The i18n key of what is wrong with a polygon (the shared rules the server applies), or undefined. */
export function polygonProblem(polygon: TPolygon): PolygonProblemKey | undefined {
  if (polygon.coordinates.length === 0) return 'contractsAdmin.map.errors.noPolygon';
  for (const ring of polygon.coordinates) {
    const problem = ringProblem(ring);
    if (!problem) continue;
    if (/at least 4/.test(problem)) return 'contractsAdmin.map.errors.tooFew';
    if (/at most/.test(problem)) return 'contractsAdmin.map.errors.tooMany';
    if (/crosses itself/.test(problem)) return 'contractsAdmin.map.errors.crosses';
    if (/no area/.test(problem)) return 'contractsAdmin.map.errors.noArea';
    return 'contractsAdmin.map.errors.invalid';
  }
  return undefined;
}

/**
 * The boundary in a GeoJSON or KML file, read in the browser with OpenLayers' formats: the first polygon found (a
 * MultiPolygon gives its first part). KML is WGS84; GeoJSON is WGS84 (RFC 7946) unless its `crs` names EPSG:3414 or
 * its numbers are plainly metres. The answer is in SVY21 metres, as the server stores it. Throws PolygonFileError.
 */
export function parsePolygonFile(text: string, fileName = ''): ImportedPolygon {
  const source = text.replace(/^\ufeff/, '').trim();
  const isKml = /\.kml$/i.test(fileName) || source.startsWith('<');
  let rings: Rings | undefined;
  let declaredSvy21 = false;
  try {
    if (isKml) {
      const features = new KML({ extractStyles: false, showPointNames: false }).readFeatures(source) as Feature[];
      rings = fromFeatures(features);
    } else {
      const json: unknown = JSON.parse(source);
      const format = new GeoJSON();
      declaredSvy21 = format.readProjection(json as object)?.getCode() === SVY21;
      rings = fromFeatures(format.readFeatures(json) as Feature[]);
    }
  } catch {
    throw new PolygonFileError('contractsAdmin.map.errors.unreadable');
  }
  if (!rings || rings.length === 0 || (rings[0]?.length ?? 0) === 0) throw new PolygonFileError('contractsAdmin.map.errors.noPolygon');
  const closed = closeRings(rings);
  const wgs84 = isKml || (!declaredSvy21 && closed.every((ring) => ring.every(([x, y]) => looksLikeWgs84(x!, y!))));
  const polygon: TPolygon = wgs84
    ? geometryToSvy21({ type: 'Polygon', coordinates: closed })
    : { type: 'Polygon', coordinates: closed.map((ring) => ring.map(([e, n]) => [mm(e!), mm(n!)])) };
  const problem = polygonProblem(polygon);
  if (problem) throw new PolygonFileError(problem);
  return { polygon, sourceCrs: wgs84 ? 'wgs84' : 'svy21' };
}
