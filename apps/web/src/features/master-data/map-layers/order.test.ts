import type { TMapLayer } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { inOrder, moveOnto, moveStep } from './order';
import { mapLayerFixture } from '../../../test/fixtures';

function layer(layer_id: number, kind: TMapLayer['kind'], sort_order: number): TMapLayer {
  return mapLayerFixture({ layer_id, kind, sort_order, url: 'https://tiles.example/{z}/{x}/{y}.png' });
}

// Drawing order: base 1, overlay 2, base 3, overlay 4, overlay 5.
const LAYERS = [layer(4, 'overlay', 3), layer(1, 'base', 0), layer(3, 'base', 2), layer(2, 'overlay', 1), layer(5, 'overlay', 4)];

describe('map layer order', () => {
  it('lists layers by their order, first drawn first', () => {
    expect(inOrder(LAYERS).map((l) => l.layer_id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('moves a layer past its neighbour of the same kind, skipping layers of the other kind', () => {
    expect(moveStep(LAYERS, 3, -1)).toEqual([3, 2, 1, 4, 5]);
    expect(moveStep(LAYERS, 2, 1)).toEqual([1, 4, 3, 2, 5]);
    expect(moveStep(LAYERS, 4, 1)).toEqual([1, 2, 3, 5, 4]);
  });

  it('does not move the first layer of a kind up or the last one down', () => {
    expect(moveStep(LAYERS, 1, -1)).toBeNull();
    expect(moveStep(LAYERS, 3, 1)).toBeNull();
    expect(moveStep(LAYERS, 5, 1)).toBeNull();
    expect(moveStep(LAYERS, 99, 1)).toBeNull();
  });

  it('drops a layer in the place of another of its kind, and refuses drops across kinds', () => {
    expect(moveOnto(LAYERS, 5, 2)).toEqual([1, 5, 2, 3, 4]);
    expect(moveOnto(LAYERS, 2, 5)).toEqual([1, 3, 4, 5, 2]);
    expect(moveOnto(LAYERS, 1, 2)).toBeNull();
    expect(moveOnto(LAYERS, 2, 2)).toBeNull();
  });
});
