import { STANDARD_DICTIONARIES, LATEST_DICTIONARY_VERSION, column, findGroup, valueOf } from '../dictionary.js';
import type { AgsFile, AgsGroup } from '../types.js';
import { WARNINGS, type Findings } from './findings.js';

/**
 * The AGS4 rules about groups that need no dictionary: 2 and 2b (rows of a group), 13 and 14 (PROJ and TRAN),
 * 15 (UNIT), 16 (ABBR), 17 (TYPE), 20 (FILE), and the TRAN_AGS warning.
 */

/** Values of a heading over a group's DATA rows. */
function dataValues(group: AgsGroup, heading: string): string[] {
  const i = column(group, heading);
  return i < 0 ? [] : group.rows.map((r) => r.values[i] ?? '');
}

/** Headings of a group whose TYPE is `type`. */
function headingsOfType(group: AgsGroup, type: string): string[] {
  if (group.types === null) return [];
  return group.headings.filter((_, i) => group.types?.[i] === type);
}

export function checkRows(groups: AgsGroup[], f: Findings): void {
  for (const g of groups) {
    if (g.rows.length === 0) f.rule('2', g.line, g.name, 'No DATA rows in group.');
  }
  for (const g of groups) {
    // The group's UNIT, TYPE and DATA rows by line: UNIT must come first, TYPE second.
    const order = [g.unitLine, g.typeLine, g.rows[0]?.line ?? null, g.rows[1]?.line ?? null].filter((l): l is number => l !== null).sort((a, b) => a - b);
    if (g.unitLine === null) f.rule('2b', g.line, g.name, 'UNIT row missing from group.');
    else if (order[0] !== g.unitLine) {
      f.rule('2b', g.unitLine, g.name, 'UNIT row is misplaced. It should be immediately below the HEADING row.');
    }
    if (g.typeLine === null) f.rule('2b', g.line, g.name, 'TYPE row missing from group.');
    else if (order[1] !== g.typeLine) {
      f.rule('2b', g.typeLine, g.name, 'TYPE row is misplaced. It should be immediately below the UNIT row.');
    }
  }
}

export function checkProjAndTran(file: AgsFile, f: Findings): void {
  for (const [name, rule] of [
    ['PROJ', '13'],
    ['TRAN', '14'],
  ] as const) {
    const g = findGroup(file, name);
    if (g === undefined) f.rule(rule, null, name, `${name} group not found.`);
    else if (g.rows.length < 1) f.rule(rule, g.line, name, `There should be at least one DATA row in the ${name} group.`);
    else {
      for (const row of g.rows.slice(1)) {
        f.rule(rule, row.line, name, `There should not be more than one DATA row in the ${name} group.`);
      }
    }
  }
}

export function checkUnits(file: AgsFile, groups: AgsGroup[], f: Findings): void {
  const unitGroup = findGroup(file, 'UNIT');
  if (unitGroup === undefined) {
    f.rule('15', null, 'UNIT', 'UNIT group not found.');
    return;
  }
  if (column(unitGroup, 'UNIT_UNIT') < 0) return; // rules 10a/10b report the missing heading
  const defined = new Set(dataValues(unitGroup, 'UNIT_UNIT'));
  const firstSeen = new Map<string, string>();
  for (const g of groups) {
    for (const unit of g.units ?? []) if (!firstSeen.has(unit)) firstSeen.set(unit, `UNIT row in ${g.name} group`);
    for (const h of headingsOfType(g, 'PU')) {
      for (const unit of dataValues(g, h)) if (!firstSeen.has(unit)) firstSeen.set(unit, `${h} column in ${g.name} group`);
    }
  }
  for (const [unit, where] of firstSeen) {
    if (unit === '' || defined.has(unit)) continue;
    f.rule('15', null, 'UNIT', `Unit "${unit}" not found in UNIT group. (This unit first appears in ${where})`);
  }
}

export function checkAbbreviations(file: AgsFile, groups: AgsGroup[], f: Findings): void {
  const abbr = findGroup(file, 'ABBR');
  if (abbr === undefined) {
    if (groups.some((g) => headingsOfType(g, 'PA').length > 0)) f.rule('16', null, 'ABBR', 'ABBR group not found.');
    return;
  }
  if (column(abbr, 'ABBR_HDNG') < 0 || column(abbr, 'ABBR_CODE') < 0) return; // rules 10a/10b
  const codes = new Map<string, Set<string>>();
  for (const row of abbr.rows) {
    const heading = valueOf(abbr, row.values, 'ABBR_HDNG');
    let set = codes.get(heading);
    if (set === undefined) codes.set(heading, (set = new Set()));
    set.add(valueOf(abbr, row.values, 'ABBR_CODE'));
  }
  const tran = findGroup(file, 'TRAN');
  const concatenator = tran?.rows[0] === undefined ? '' : valueOf(tran, tran.rows[0].values, 'TRAN_RCON');
  for (const g of groups) {
    for (const heading of headingsOfType(g, 'PA')) {
      const entries = new Set<string>();
      for (const value of dataValues(g, heading)) {
        for (const entry of concatenator === '' ? [value] : value.split(concatenator)) entries.add(entry);
      }
      const known = codes.get(heading);
      for (const entry of entries) {
        if (entry === '' || known?.has(entry)) continue;
        f.rule('16', null, g.name, `"${entry}" under ${heading} in ${g.name} not found in ABBR group.`, heading);
      }
    }
  }
}

export function checkTypes(file: AgsFile, groups: AgsGroup[], f: Findings): void {
  const typeGroup = findGroup(file, 'TYPE');
  if (typeGroup === undefined) {
    f.rule('17', null, 'TYPE', 'TYPE group not found.');
    return;
  }
  if (column(typeGroup, 'TYPE_TYPE') < 0) return; // rules 10a/10b
  const defined = new Set(dataValues(typeGroup, 'TYPE_TYPE'));
  const used = new Set<string>();
  for (const g of groups) for (const t of g.types ?? []) used.add(t);
  for (const t of used) {
    if (!defined.has(t)) f.rule('17', null, 'TYPE', `Data type "${t}" not found in TYPE group.`);
  }
}

/**
 * Rule 20: FILE_FSET entries must be defined in the FILE group; when the files that came with the AGS file are
 * known (a ZIP upload: paths such as FILE/327-16A/Report.pdf), each FILE row must name one of them.
 */
export function checkFiles(file: AgsFile, groups: AgsGroup[], f: Findings, attached?: readonly string[]): void {
  const fileGroup = findGroup(file, 'FILE');
  const withEntries = (g: AgsGroup) => dataValues(g, 'FILE_FSET').filter((v) => /[a-zA-Z0-9]/.test(v));
  if (fileGroup === undefined) {
    if (groups.some((g) => withEntries(g).length > 0)) {
      f.rule('20', null, 'FILE', 'FILE table not found even though there are FILE_FSET entries in other groups.');
    }
    return;
  }
  const defined = new Set(dataValues(fileGroup, 'FILE_FSET'));
  for (const g of groups) {
    const i = column(g, 'FILE_FSET');
    for (const entry of new Set(withEntries(g))) {
      if (defined.has(entry)) continue;
      for (const row of g.rows) {
        if (row.values[i] === entry) f.rule('20', row.line, g.name, `FILE_FSET entry "${entry}" not found in FILE group.`);
      }
    }
  }
  if (attached === undefined) return;
  const paths = new Set(attached.map((p) => p.replace(/\\/g, '/')));
  if (![...paths].some((p) => p.startsWith('FILE/'))) {
    f.rule('20', null, 'FILE', 'Folder named "FILE" not found. Files defined in the FILE group should be saved in this folder.');
  }
  for (const fset of defined) {
    if (![...paths].some((p) => p.startsWith(`FILE/${fset}/`))) {
      f.rule('20', null, 'FILE', `Sub-folder named "FILE/${fset}" not found even though it is defined in the FILE group.`);
      continue;
    }
    const names = new Set(
      fileGroup.rows.filter((r) => valueOf(fileGroup, r.values, 'FILE_FSET') === fset).map((r) => valueOf(fileGroup, r.values, 'FILE_NAME')),
    );
    for (const name of names) {
      if (paths.has(`FILE/${fset}/${name}`)) continue;
      for (const row of fileGroup.rows) {
        if (valueOf(fileGroup, row.values, 'FILE_NAME') !== name) continue;
        f.rule('20', row.line, 'FILE', `File named "FILE/${fset}/${name}" not found even though it is defined in the FILE group.`);
      }
    }
  }
}

export function checkTranAgs(file: AgsFile, f: Findings): void {
  const tran = findGroup(file, 'TRAN');
  const row = tran?.rows[0];
  if (tran === undefined || row === undefined || column(tran, 'TRAN_AGS') < 0) return;
  const version = valueOf(tran, row.values, 'TRAN_AGS');
  if (STANDARD_DICTIONARIES[version] !== undefined) return;
  f.add(
    WARNINGS,
    'warning',
    row.line,
    'TRAN',
    `'${version}' in TRAN_AGS is not a recognized AGS4 version. Therefore, v${LATEST_DICTIONARY_VERSION} of the standard dictionary will be used for validation if a different version is not explicitly specified.`,
    'TRAN_AGS',
  );
}
