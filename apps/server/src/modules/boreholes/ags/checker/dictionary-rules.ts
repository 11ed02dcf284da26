import { column, findGroup, valueOf, type AgsDictionary, type DictEntry } from '../dictionary.js';
import type { AgsFile, AgsGroup } from '../types.js';
import { RULE_PREFIX, type Findings } from './findings.js';

/**
 * The AGS4 rules checked against the dictionary (standard + the file's DICT): 7 (heading order), 9 (names
 * defined), 10a (key fields, unique), 10b (required fields), 10c (parent rows), 11 (record links), 18 (DICT
 * present), 19b (headings named after their group), and the FYI about standard abbreviations (rule 16).
 */

/** Groups without a parent in the dictionaries. */
const NO_PARENT = new Set(['PROJ', 'TRAN', 'ABBR', 'DICT', 'UNIT', 'TYPE', 'LOCA', 'FILE', 'LBSG', 'PREM', 'STND']);

function entriesOf(dict: AgsDictionary, group: string): DictEntry[] {
  return dict.byGroup.get(group) ?? [];
}

function fieldsWithStatus(dict: AgsDictionary, group: string, status: string): string[] {
  return entriesOf(dict, group)
    .filter((e) => e.status.toLowerCase().includes(status))
    .map((e) => e.heading);
}

export function checkOrderAndNames(groups: AgsGroup[], dict: AgsDictionary, f: Findings): void {
  for (const g of groups) {
    const reference = entriesOf(dict, g.name).map((e) => e.heading);
    const known = new Set(reference);
    if (!g.headings.every((h) => known.has(h))) {
      f.rule(
        '7',
        g.headingLine,
        g.name,
        'Order of headings could not be checked as one or more fields were not found in either the DICT group or the standard dictionary. Check error log under AGS Format Rule 9.',
      );
      continue;
    }
    const used = new Set(g.headings);
    const expected = reference.filter((h) => used.has(h));
    const at = g.headings.findIndex((h, i) => h !== expected[i]);
    if (at >= 0) {
      f.rule('7', g.headingLine, g.name, `Headings not in order starting from ${g.headings[at]}. Expected order: ...${expected.slice(at).join('|')}`);
    }
  }
  for (const g of groups) {
    const known = new Set(entriesOf(dict, g.name).map((e) => e.heading));
    for (const h of g.headings) {
      if (!known.has(h)) {
        f.rule('9', g.headingLine, g.name, `${h} not found in DICT group or the standard AGS4 dictionary.`, h);
      }
    }
  }
}

export function checkKeysAndRequired(groups: AgsGroup[], dict: AgsDictionary, f: Findings): void {
  for (const g of groups) {
    const keys = fieldsWithStatus(dict, g.name, 'key');
    const missing = keys.filter((k) => column(g, k) < 0);
    for (const k of missing) f.rule('10a', g.headingLine, g.name, `Key field ${k} not found.`, k);
    if (missing.length > 0) continue;
    const columns = keys.map((k) => column(g, k));
    const seen = new Map<string, number>();
    const combos = g.rows.map((row) => ['DATA', ...columns.map((c) => row.values[c] ?? '')].join('|'));
    for (const combo of combos) seen.set(combo, (seen.get(combo) ?? 0) + 1);
    g.rows.forEach((row, i) => {
      const combo = combos[i] ?? '';
      if ((seen.get(combo) ?? 0) > 1) f.rule('10a', row.line, g.name, `Duplicate key field combination: ${combo}`);
    });
  }
  for (const g of groups) {
    const required = fieldsWithStatus(dict, g.name, 'required');
    for (const r of required) {
      if (column(g, r) < 0) f.rule('10b', g.headingLine, g.name, `Required field ${r} not found.`, r);
    }
    const present = required.map((r) => column(g, r)).filter((c) => c >= 0);
    for (const row of g.rows) {
      if (!present.some((c) => (row.values[c] ?? '').trim() === '')) continue;
      const shown = row.values.map((v, c) => (present.includes(c) && v.trim() === '' ? `??${g.headings[c] ?? ''}??` : v));
      f.rule('10b', row.line, g.name, `Empty REQUIRED fields: ${['DATA', ...shown].join('|')}`);
    }
  }
}

export function checkParents(file: AgsFile, groups: AgsGroup[], dict: AgsDictionary, f: Findings): void {
  for (const g of groups) {
    if (NO_PARENT.has(g.name)) continue;
    const definition = entriesOf(dict, g.name).find((e) => e.type === 'GROUP');
    if (definition === undefined) {
      f.rule('10c', null, g.name, 'Could not check parent entries since group definitions not found in standard dictionary or DICT group.');
      continue;
    }
    const parentName = definition.parent;
    if (parentName === '') {
      f.rule('10c', null, g.name, 'Parent group left blank in dictionary.');
      continue;
    }
    const parent = findGroup(file, parentName);
    if (parent === undefined) {
      f.rule('10c', null, g.name, `Could not find parent group ${parentName}.`);
      continue;
    }
    const parentKeys = fieldsWithStatus(dict, parentName, 'key');
    const childKeys = new Set(fieldsWithStatus(dict, g.name, 'key'));
    if (parentKeys.length === 0) {
      f.rule('10c', null, g.name, `No key fields have been defined in parent group (${parentName}). Please check DICT group.`);
      continue;
    }
    const notInChild = parentKeys.filter((k) => !childKeys.has(k));
    if (notInChild.length > 0) {
      f.rule(
        '10c',
        null,
        g.name,
        `${notInChild.join(', ')} defined as key field(s) in the parent group (${parentName}) but not in the child group. Please check DICT group.`,
      );
      continue;
    }
    const childColumns = parentKeys.map((k) => column(g, k));
    const parentColumns = parentKeys.map((k) => column(parent, k));
    if (childColumns.some((c) => c < 0) || parentColumns.some((c) => c < 0)) {
      f.rule(
        '10c',
        g.headingLine,
        g.name,
        `Could not check parent entries due to missing key fields in ${g.name} or ${parentName}. Check error log under AGS Format Rule 10a.`,
      );
      continue;
    }
    const parents = new Set(parent.rows.map((r) => parentColumns.map((c) => r.values[c] ?? '').join('\u0000')));
    for (const row of g.rows) {
      const values = childColumns.map((c) => row.values[c] ?? '');
      // A row with every parent key empty stands alone (a sample known by its SAMP_ID only): no parent to find.
      if (values.every((v) => v === '') || parents.has(values.join('\u0000'))) continue;
      f.rule('10c', row.line, g.name, `Parent entry for line not found in ${parentName}: ${values.join('|')}`);
    }
  }
}

/** Rule 11: TRAN_DLIM and TRAN_RCON are set, and every record link (TYPE RL) points at exactly one row. */
export function checkRecordLinks(file: AgsFile, groups: AgsGroup[], f: Findings): void {
  const tran = findGroup(file, 'TRAN');
  const row = tran?.rows[0];
  if (tran === undefined || row === undefined) return; // rule 14
  if (column(tran, 'TRAN_DLIM') < 0 || column(tran, 'TRAN_RCON') < 0) return; // rules 10a/10b
  const delimiter = valueOf(tran, row.values, 'TRAN_DLIM');
  const concatenator = valueOf(tran, row.values, 'TRAN_RCON');
  if (delimiter === '') f.rule('11a', row.line, 'TRAN', 'TRAN_DLIM missing.');
  if (concatenator === '') f.rule('11b', row.line, 'TRAN', 'TRAN_RCON missing.');
  if (f.has(`${RULE_PREFIX}11a`) || f.has(`${RULE_PREFIX}11b`)) return;
  for (const g of groups) {
    (g.types ?? []).forEach((type, c) => {
      if (type !== 'RL') return;
      for (const r of g.rows) {
        const link = r.values[c] ?? '';
        if (link === '') continue;
        if (!link.includes(delimiter)) {
          f.rule('11c', r.line, g.name, `Invalid record link: "${link}". "${delimiter}" should be used as delimiter.`);
          continue;
        }
        for (const item of link.split(concatenator)) {
          const found = countLinked(file, item.split(delimiter));
          if (found < 1) f.rule('11c', r.line, g.name, `Invalid record link: "${item}". No such record found.`);
          else if (found > 1) {
            f.rule('11c', r.line, g.name, `Invalid record link: "${item}". Link refers to more than one record.`);
          }
        }
      }
    });
  }
}

/** Rows a record link [GROUP, value of the first heading, value of the second, …] points at. */
function countLinked(file: AgsFile, link: string[]): number {
  const [name, ...values] = link;
  const target = name === undefined ? undefined : findGroup(file, name);
  if (target === undefined || values.length === 0 || values.length > target.headings.length) return 0;
  return target.rows.filter((r) => values.every((v, i) => (r.values[i] ?? '') === v)).length;
}

export function checkDictGroupAndPrefixes(file: AgsFile, groups: AgsGroup[], dict: AgsDictionary, f: Findings): void {
  if (findGroup(file, 'DICT') === undefined && f.has(`${RULE_PREFIX}9`)) {
    f.rule(
      '18',
      null,
      'DICT',
      'DICT group not found. See error log under AGS Format Rule 9 for a list of non-standard headings that need to be defined in a DICT group.',
    );
  }
  for (const g of groups) {
    const own = new Set(entriesOf(dict, g.name).map((e) => e.heading));
    for (const h of g.headings) {
      const prefix = h.split('_')[0] ?? '';
      if (prefix === g.name || prefix === 'SPEC' || prefix === 'TEST') continue;
      const other = entriesOf(dict, prefix);
      if (other.length === 0) {
        f.rule('19b', g.headingLine, g.name, `Group ${prefix} referred to in ${h} could not be found in either the standard dictionary or the DICT group.`, h);
      } else if (!other.some((e) => e.heading === h) && own.has(h)) {
        f.rule(
          '19b',
          g.headingLine,
          g.name,
          `Definition for ${h} not found under group ${prefix}. Either rename heading or add definition under correct group.`,
          h,
        );
      }
    }
  }
  for (const g of groups) {
    for (const h of g.headings) {
      if ((h.split('_')[0] ?? '') !== g.name && !dict.allHeadings.has(h)) {
        f.rule('19b', g.headingLine, g.name, `${h} does not start with the name of this group, nor is it defined in another group.`, h);
      }
    }
  }
}

/** FYI: an abbreviation the standard list defines, described otherwise in the file's ABBR group. */
export function checkStandardAbbreviations(file: AgsFile, standardAbbr: AgsGroup | undefined, f: Findings): void {
  const abbr = findGroup(file, 'ABBR');
  if (abbr === undefined || standardAbbr === undefined || column(abbr, 'ABBR_DESC') < 0) return;
  const standard = new Map<string, string>();
  for (const r of standardAbbr.rows) {
    const key = `${valueOf(standardAbbr, r.values, 'ABBR_HDNG')}\u0000${valueOf(standardAbbr, r.values, 'ABBR_CODE')}`;
    if (!standard.has(key)) standard.set(key, valueOf(standardAbbr, r.values, 'ABBR_DESC'));
  }
  for (const r of abbr.rows) {
    const heading = valueOf(abbr, r.values, 'ABBR_HDNG');
    const code = valueOf(abbr, r.values, 'ABBR_CODE');
    const expected = standard.get(`${heading}\u0000${code}`);
    const desc = valueOf(abbr, r.values, 'ABBR_DESC');
    if (expected === undefined || expected.toLowerCase() === desc.toLowerCase()) continue;
    f.add(
      'FYI (Related to Rule 16)',
      'fyi',
      r.line,
      'ABBR',
      `${heading}: Description of abbreviation "${code}" is "${desc}" but it should be "${expected}" according to the standard abbreviations list.`,
      heading,
    );
  }
}
