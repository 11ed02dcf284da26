export type GroupBy<Item> = (keyof Item & string) | ((item: Item) => string);

export interface ItemGroup<Item> {
  key: string;
  items: Item[];
}

/** Items by the value of a field (or a function), groups in the order their first item comes. */
export function groupItems<Item>(items: readonly Item[], groupBy: GroupBy<Item>): ItemGroup<Item>[] {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const raw = typeof groupBy === 'function' ? groupBy(item) : (item as Record<string, unknown>)[groupBy];
    const key = raw === null || raw === undefined ? '' : String(raw);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups].map(([key, list]) => ({ key, items: list }));
}
