import type { AgsFinding, AgsRuleFindings, AgsSeverity } from '../types.js';

/** Findings kept per rule; past it a rule only counts (a 50 MB file with one bad column stays a small report). */
export const MAX_FINDINGS_PER_RULE = 1000;

export const RULE_PREFIX = 'AGS Format Rule ';
/** The checker could not check (part of) the file: an AGS3 file checked as AGS4, no dictionary, a repeated group. */
export const PROCESS_ERROR = 'Validator Process Error';
export const WARNINGS = 'Warnings';

/** The findings of one check, in the order found, grouped by rule. */
export class Findings {
  readonly list: AgsFinding[] = [];
  private readonly rules = new Map<string, AgsRuleFindings & { total: number }>();

  constructor(private readonly maxPerRule = MAX_FINDINGS_PER_RULE) {}

  add(rule: string, severity: AgsSeverity, line: number | null, group: string | undefined, message: string, heading?: string): void {
    let entry = this.rules.get(rule);
    if (entry === undefined) {
      entry = { rule, severity, findings: [], total: 0 };
      this.rules.set(rule, entry);
    }
    entry.total++;
    if (entry.findings.length >= this.maxPerRule) return;
    const finding: AgsFinding = { rule, severity, line, message };
    if (group !== undefined) finding.group = group;
    if (heading !== undefined) finding.heading = heading;
    entry.findings.push(finding);
    this.list.push(finding);
  }

  /** An AGS4 format rule ("AGS Format Rule " + id), always an error. */
  rule(id: string, line: number | null, group: string | undefined, message: string, heading?: string): void {
    this.add(RULE_PREFIX + id, 'error', line, group, message, heading);
  }

  has(rule: string): boolean {
    return this.rules.has(rule);
  }

  byRule(): AgsRuleFindings[] {
    return [...this.rules.values()].map(({ rule, severity, findings, total }) =>
      total > findings.length ? { rule, severity, findings, omitted: total - findings.length } : { rule, severity, findings },
    );
  }

  counts(): { errors: number; warnings: number; fyi: number } {
    const counts = { errors: 0, warnings: 0, fyi: 0 };
    for (const { severity, total } of this.rules.values()) {
      if (severity === 'error') counts.errors += total;
      else if (severity === 'warning') counts.warnings += total;
      else counts.fyi += total;
    }
    return counts;
  }
}
