import type LineString from 'ol/geom/LineString';
import { toLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import { VIEW_PROJECTION } from '../../../components/map';
import { lineFeature, pickFeatures } from './section-map-layer';
import { boreholeListItem } from './test-data';

describe('borehole section on the map', () => {
  it('rings the picked boreholes numbered in the order picked, leaving out those not on the map', () => {
    const boreholes = [boreholeListItem(), boreholeListItem({ borehole_id: 32, borehole_no: 'BH-02', easting: 28100, northing: 38800 })];
    const features = pickFeatures(boreholes, [32, 99, 31]);
    expect(features.map((f) => [f.getId(), f.get('order')])).toEqual([
      [32, 1],
      [31, 3],
    ]);
  });

  it('draws the line of the address where it lies', () => {
    const geometry = lineFeature([
      [103.8, 1.3],
      [103.81, 1.31],
    ]).getGeometry() as LineString;
    const ends = geometry.getCoordinates().map((c) => toLonLat(c, VIEW_PROJECTION).map((v) => Number(v.toFixed(6))));
    expect(ends).toEqual([
      [103.8, 1.3],
      [103.81, 1.31],
    ]);
  });
});
