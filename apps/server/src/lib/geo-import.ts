/**
 * Reading a polygon from a GeoJSON or KML file (contract boundaries, zones). GeoJSON may be a Polygon, a MultiPolygon
 * (its first polygon), a Feature or a FeatureCollection (the first polygon found); KML the first <Polygon>.
 * KML is always WGS84. GeoJSON is WGS84 (RFC 7946) unless it names EPSG:3414 in a `crs` member or its numbers are
 * plainly metres (beyond ±180/±90). The result is in SVY21 metres; unclosed rings are closed.
 */
import { geometryToSvy21, geometryToWgs84, looksLikeWgs84, ZPolygon, type TPolygon } from '@strata/shared';
import { kmlFeatures, parseKml } from './kml.js';

export class GeoImportError extends Error {}

export interface ImportedPolygon {
  svy21: TPolygon;
  wgs84: TPolygon;
  sourceCrs: 'svy21' | 'wgs84';
}

type Rings = number[][][];

function findPolygon(value: unknown, depth = 0): { rings: Rings; crs?: string } | undefined {
  if (!value || typeof value !== 'object' || depth > 6) return undefined;
  const o = value as {
    type?: unknown;
    coordinates?: unknown;
    geometry?: unknown;
    features?: unknown;
    geometries?: unknown;
    crs?: { properties?: { name?: unknown } };
  };
  const crs = typeof o.crs?.properties?.name === 'string' ? o.crs.properties.name : undefined;
  const withCrs = (r: { rings: Rings; crs?: string } | undefined) => (r ? { rings: r.rings, crs: r.crs ?? crs } : undefined);
  if (o.type === 'Polygon' && Array.isArray(o.coordinates)) return { rings: o.coordinates as Rings, ...(crs ? { crs } : {}) };
  if (o.type === 'MultiPolygon' && Array.isArray(o.coordinates) && Array.isArray(o.coordinates[0]))
    return { rings: o.coordinates[0] as Rings, ...(crs ? { crs } : {}) };
  if (o.type === 'Feature') return withCrs(findPolygon(o.geometry, depth + 1));
  if (o.type === 'FeatureCollection' && Array.isArray(o.features)) {
    for (const f of o.features) {
      const found = findPolygon(f, depth + 1);
      if (found) return withCrs(found);
    }
  }
  if (o.type === 'GeometryCollection' && Array.isArray(o.geometries)) {
    for (const g of o.geometries) {
      const found = findPolygon(g, depth + 1);
      if (found) return withCrs(found);
    }
  }
  return undefined;
}

/**
 * The first polygon of a KML document, read by `@tmcw/togeojson` from an `@xmldom/xmldom` DOM (lib/kml.ts). Malformed XML is
 * refused (the parser stops at the first error rather than guessing). togeojson quietly drops a ring with fewer than
 * four positions, which could turn a hole into the outer boundary, so the first <Polygon> element is checked first:
 * it must have an outer boundary, and togeojson must have kept every one of its rings.
 */
function kmlRings(text: string): Rings {
  let doc;
  try {
    doc = parseKml(text);
  } catch {
    throw new GeoImportError('The file is not valid KML');
  }
  const element = doc.getElementsByTagName('Polygon')[0];
  if (!element) throw new GeoImportError('The KML file has no polygon');
  if (element.getElementsByTagName('outerBoundaryIs').length === 0) throw new GeoImportError('The KML polygon has no outer boundary');
  const found = findPolygon(kmlFeatures(doc));
  if (!found || found.rings.length !== element.getElementsByTagName('LinearRing').length) {
    throw new GeoImportError('A KML ring has fewer than three positions');
  }
  return found.rings;
}

function closeRings(rings: Rings): Rings {
  return rings.map((r) => {
    const first = r[0];
    const last = r[r.length - 1];
    return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...r, first] : r;
  });
}

export function importPolygon(text: string, format?: 'geojson' | 'kml'): ImportedPolygon {
  const trimmed = text.replace(/^\ufeff/, '').trimStart();
  const kind = format ?? (trimmed.startsWith('<') ? 'kml' : 'geojson');
  let rings: Rings;
  let crs: 'svy21' | 'wgs84';
  if (kind === 'kml') {
    rings = kmlRings(trimmed);
    crs = 'wgs84';
  } else {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      throw new GeoImportError('The file is not valid GeoJSON');
    }
    const found = findPolygon(json);
    if (!found) throw new GeoImportError('The GeoJSON file has no polygon');
    rings = found.rings;
    const first = rings[0]?.[0];
    if (!Array.isArray(first) || typeof first[0] !== 'number' || typeof first[1] !== 'number') throw new GeoImportError('The polygon has no coordinates');
    crs = found.crs?.includes('3414') ? 'svy21' : looksLikeWgs84(first[0], first[1]) ? 'wgs84' : 'svy21';
  }
  // Positions are [x, y] (altitude dropped); anything unreadable fails the schema check below.
  const closed = closeRings(rings.map((r) => (Array.isArray(r) ? r.map((p) => (Array.isArray(p) ? p.slice(0, 2) : p)) : r)));
  const checked = ZPolygon.safeParse({ type: 'Polygon', coordinates: closed });
  if (!checked.success) throw new GeoImportError(checked.error.issues[0]?.message ?? 'The polygon is not valid');
  const svy21 = crs === 'wgs84' ? geometryToSvy21(checked.data) : checked.data;
  // Re-check in metres: conversion never changes topology, but rounding to millimetres could make a sliver degenerate.
  const again = ZPolygon.safeParse(svy21);
  if (!again.success) throw new GeoImportError(again.error.issues[0]?.message ?? 'The polygon is not valid');
  return { svy21, wgs84: crs === 'wgs84' ? checked.data : geometryToWgs84(svy21), sourceCrs: crs };
}
