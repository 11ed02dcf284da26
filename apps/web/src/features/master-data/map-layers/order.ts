import type { TMapLayer } from '@strata/shared';

/** The layers in drawing order (first drawn first); equal orders by id, as the server lists them. */
export function inOrder(layers: readonly TMapLayer[]): TMapLayer[] {
  return [...layers].sort((a, b) => a.sort_order - b.sort_order || a.layer_id - b.layer_id);
}

/**
 * Every layer id in the order after moving one layer past its neighbour of the same kind (base maps move among
 * base maps, overlays among overlays); null when it cannot move that way.
 */
export function moveStep(layers: readonly TMapLayer[], id: number, step: -1 | 1): number[] | null {
  const ordered = inOrder(layers);
  const from = ordered.findIndex((layer) => layer.layer_id === id);
  if (from < 0) return null;
  const kind = ordered[from]!.kind;
  let to = from + step;
  while (to >= 0 && to < ordered.length && ordered[to]!.kind !== kind) to += step;
  if (to < 0 || to >= ordered.length) return null;
  const ids = ordered.map((layer) => layer.layer_id);
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

/**
 * Every layer id in the order after dropping one layer on another of the same kind: it takes the target's place
 * (the target and those between shift by one). Null for a drop on itself or on a layer of the other kind.
 */
export function moveOnto(layers: readonly TMapLayer[], id: number, targetId: number): number[] | null {
  const ordered = inOrder(layers);
  const moving = ordered.find((layer) => layer.layer_id === id);
  const target = ordered.find((layer) => layer.layer_id === targetId);
  if (!moving || !target || id === targetId || moving.kind !== target.kind) return null;
  const ids = ordered.map((layer) => layer.layer_id);
  const from = ids.indexOf(id);
  const to = ids.indexOf(targetId);
  ids.splice(from, 1);
  ids.splice(to, 0, id);
  return ids;
}
