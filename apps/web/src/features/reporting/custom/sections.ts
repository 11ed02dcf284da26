import type { TReportCatalog, TTemplateSection } from '@strata/shared';

/** One row of the editor: a section or a column, whether it is in the report, in the editor's order. */
export interface Choice<T = undefined> {
  key: string;
  label: string;
  included: boolean;
  children: T;
}

export type ColumnPick = Choice<undefined>;
export type SectionPick = Choice<ColumnPick[]>;

/** The chosen keys first (in their order), then the rest of the catalog's (in its order), each marked. */
function ordered<T extends { key: string; label: string }>(all: readonly T[], chosen: readonly string[] | null): { item: T; included: boolean }[] {
  if (chosen === null) return all.map((item) => ({ item, included: true }));
  const byKey = new Map(all.map((item) => [item.key, item]));
  const first = chosen.flatMap((key) => (byKey.has(key) ? [{ item: byKey.get(key)!, included: true }] : []));
  const rest = all.filter((item) => !chosen.includes(item.key)).map((item) => ({ item, included: false }));
  return [...first, ...rest];
}

/**
 * The editor's rows for a template's sections: an empty list means every section with all its columns in the
 * catalog's order (ZCustomTemplateBody); a section's null columns mean all of them.
 */
export function picksOf(catalog: TReportCatalog, sections: readonly TTemplateSection[]): SectionPick[] {
  const chosen = sections.length === 0 ? null : sections.map((s) => s.key);
  const columnsOf = new Map(sections.map((s) => [s.key, s.columns]));
  return ordered(catalog.sections, chosen).map(({ item, included }) => ({
    key: item.key,
    label: item.label,
    included,
    children: ordered(item.columns, columnsOf.get(item.key) ?? null).map((c) => ({
      key: c.item.key,
      label: c.item.label,
      included: c.included,
      children: undefined,
    })),
  }));
}

/** The template's sections: those ticked, in the editor's order, each with its ticked columns in order. */
export function sectionsOf(picks: readonly SectionPick[]): TTemplateSection[] {
  return picks.filter((s) => s.included).map((s) => ({ key: s.key, columns: s.children.filter((c) => c.included).map((c) => c.key) }));
}

/** A list with the item at `index` moved one place up (-1) or down (+1). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
