/**
 * The AGS model: every group of a file as it was written, nothing dropped, so that a file can be checked, stored
 * group by group and written back (decision 035).
 */

/** AGS4 (GROUP/HEADING/UNIT/TYPE/DATA rows) or AGS3.1 / AGS(SG) ("**GROUP", "*HEADING", <UNITS>, <CONT>). */
export type AgsVersion = 'AGS4' | 'AGS3';

/** How the bytes were decoded: ASCII only, UTF-8 (with or without a byte-order mark) or Windows-1252 (Latin-1). */
export type AgsEncoding = 'ascii' | 'utf-8' | 'cp1252';

export interface AgsRow {
  /** 1-based line of the file where the row starts (an AGS3 row joined from <CONT> lines: its first line). */
  line: number;
  /** One value per heading, in heading order, quotes removed and "" unescaped. */
  values: string[];
}

export interface AgsGroup {
  /** The name as written in the file (AGS3: without the "**"; user groups keep their "?"). */
  name: string;
  /** Line of the GROUP row ("**NAME" in AGS3). */
  line: number;
  /** Line of the HEADING row (its first line when wrapped), null when the group has none. */
  headingLine: number | null;
  /** Heading names in file order (AGS3: without the "*"). Duplicates are kept as written. */
  headings: string[];
  /** The UNIT row (AGS3: <UNITS>), one per heading; null when the group has none. */
  units: string[] | null;
  unitLine: number | null;
  /** The TYPE row, one per heading; null when the group has none (always null in AGS3). */
  types: string[] | null;
  typeLine: number | null;
  rows: AgsRow[];
}

/** A group as its GROUP row opens it: nothing below it read yet. */
export function emptyGroup(name: string, line: number): AgsGroup {
  return { name, line, headingLine: null, headings: [], units: null, unitLine: null, types: null, typeLine: null, rows: [] };
}

export interface AgsFile {
  version: AgsVersion;
  encoding: AgsEncoding;
  /** The file started with a UTF-8 byte-order mark. */
  bom: boolean;
  /** Line ends seen: 'CRLF', 'LF', or 'mixed'. */
  lineEnding: 'CRLF' | 'LF' | 'mixed';
  /** Physical lines read (a last line without a line end counts). */
  lineCount: number;
  /** Groups in file order. A group name that appears twice is kept twice (the checker reports it). */
  groups: AgsGroup[];
}

export type AgsSeverity = 'error' | 'warning' | 'fyi';

export interface AgsFinding {
  /** The rule's name, e.g. "AGS Format Rule 10a", "FYI (Related to Rule 16)", "AGS3 Rule <CONT>". */
  rule: string;
  severity: AgsSeverity;
  /** 1-based line, null when the finding is about the file or a group as a whole. */
  line: number | null;
  group?: string;
  heading?: string;
  message: string;
}

export interface AgsRuleFindings {
  rule: string;
  severity: AgsSeverity;
  findings: AgsFinding[];
  /** Findings of this rule past the first MAX_FINDINGS_PER_RULE: counted, not listed. */
  omitted?: number;
}

export interface AgsReport {
  version: AgsVersion | null;
  encoding: AgsEncoding;
  bom: boolean;
  /** The standard dictionary the file was checked against (file name), null for AGS3 or when none applied. */
  dictionary: string | null;
  /** Every finding in the order found. */
  findings: AgsFinding[];
  /** The same findings grouped by rule, rules in the order first reported. */
  byRule: AgsRuleFindings[];
  counts: { errors: number; warnings: number; fyi: number };
  /** A few lines about the data: groups found, groups without data, LOCA/HOLE rows, DICT and FILE present. */
  summary: string[];
}
