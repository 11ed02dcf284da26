import { MONITORING_SECTION_KINDS, MONITORING_SECTIONS, ZMonitoringSection, type MonitoringSectionKind, type TMonitoringSection } from '@strata/shared';

/** A new section of a kind with the contract's defaults. */
export function newSection(kind: MonitoringSectionKind): TMonitoringSection {
  return ZMonitoringSection.parse({ kind });
}

/** The kinds not yet in the template, in the contract's order. */
export function missingKinds(sections: readonly TMonitoringSection[]): MonitoringSectionKind[] {
  const present = new Set(sections.map((s) => s.kind));
  return MONITORING_SECTION_KINDS.filter((kind) => !present.has(kind));
}

/** Adds a section: a cover goes first (the contract wants it there), any other kind last. */
export function addSection(sections: readonly TMonitoringSection[], kind: MonitoringSectionKind): TMonitoringSection[] {
  if (sections.some((s) => s.kind === kind)) return [...sections];
  const section = newSection(kind);
  return kind === 'cover' ? [section, ...sections] : [...sections, section];
}

/** Whether the section at `index` may move by `by` (−1 up, +1 down): the cover stays first. */
export function canMove(sections: readonly TMonitoringSection[], index: number, by: -1 | 1): boolean {
  const target = index + by;
  if (target < 0 || target >= sections.length) return false;
  return sections[index]!.kind !== 'cover' && sections[target]!.kind !== 'cover';
}

/** The sections with the one at `index` moved by `by`, when it may move. */
export function moveSection(sections: readonly TMonitoringSection[], index: number, by: -1 | 1): TMonitoringSection[] {
  if (!canMove(sections, index, by)) return [...sections];
  const next = [...sections];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
}

/** A section's heading in the report: its own title, else the kind's. */
export function sectionHeading(section: Pick<TMonitoringSection, 'kind' | 'title'>): string {
  return section.title?.trim() || MONITORING_SECTIONS[section.kind];
}
