import { LATEST_DICTIONARY_VERSION, STANDARD_DICTIONARIES, buildDictionary, dictEntries, findGroup, standardDictionary, tranAgs } from '../dictionary.js';
import { AgsParser, type AgsLine, type AgsSource } from '../reader.js';
import type { AgsFile, AgsGroup, AgsReport, AgsVersion } from '../types.js';
import { Ags3Rules } from './ags3-rules.js';
import {
  checkDictGroupAndPrefixes,
  checkKeysAndRequired,
  checkOrderAndNames,
  checkParents,
  checkRecordLinks,
  checkStandardAbbreviations,
} from './dictionary-rules.js';
import { Findings, PROCESS_ERROR } from './findings.js';
import { checkAbbreviations, checkFiles, checkProjAndTran, checkRows, checkTranAgs, checkTypes, checkUnits } from './group-rules.js';
import { Ags4LineRules } from './line-rules.js';
import { checkValues } from './value-rules.js';

export interface CheckOptions {
  /**
   * The standard dictionary: a version ('4.1') or file name ('Standard_dictionary_v4_1.ags'), or a read AGS file
   * whose DICT group serves as the dictionary. Default: the one the file's TRAN_AGS names (else the latest).
   */
  dictionary?: string | AgsFile;
  /** Check the file as this version whatever it looks like (an AGS3 file checked as AGS4 is refused). */
  version?: AgsVersion;
  /** Paths of the files that came with the AGS file (a ZIP upload), e.g. FILE/327-16A/Report.pdf (rule 20). */
  attachedFiles?: readonly string[];
  /** Findings listed per rule before the rest are only counted. */
  maxFindingsPerRule?: number;
}

export interface CheckResult {
  file: AgsFile;
  report: AgsReport;
}

/** Read and check an AGS file in one streaming pass: the line rules run as lines arrive, the group rules after. */
export async function checkAgs(source: AgsSource, options: CheckOptions = {}): Promise<CheckResult> {
  const run = new CheckRun(options);
  for await (const chunk of source as AsyncIterable<Buffer | Uint8Array | string>) run.parser.push(chunk);
  return run.finish();
}

export function checkAgsBuffer(bytes: Buffer | Uint8Array | string, options: CheckOptions = {}): CheckResult {
  const run = new CheckRun(options);
  run.parser.push(bytes);
  return run.finish();
}

class CheckRun {
  readonly findings: Findings;
  readonly parser: AgsParser;
  private readonly ags4: Ags4LineRules;
  private readonly ags3: Ags3Rules;
  private bomSeen = false;
  private refusedAgs3 = false;

  constructor(private readonly options: CheckOptions) {
    this.findings = new Findings(options.maxFindingsPerRule);
    this.ags4 = new Ags4LineRules(this.findings);
    this.ags3 = new Ags3Rules(this.findings);
    this.parser = new AgsParser({ onLine: (line, version) => this.line(line, version), ags3Events: this.ags3 });
  }

  private line(line: AgsLine, detected: AgsVersion | null): void {
    const version = this.options.version ?? detected;
    if (version === 'AGS4' && detected === 'AGS3') {
      if (!this.refusedAgs3) {
        this.refusedAgs3 = true;
        this.findings.rule('3', line.number, undefined, 'Line starts with "**" instead of a valid data descriptor: this is an AGS3 file, not an AGS4 file.');
      }
      return;
    }
    if (version === 'AGS3') this.ags3.line(line);
    else {
      if (line.number === 1 && this.parser.bom && !this.bomSeen) {
        this.bomSeen = true;
        this.ags4.bom();
      }
      this.ags4.line(line);
    }
  }

  finish(): CheckResult {
    const file = this.parser.end();
    const f = this.findings;
    let dictionaryName: string | null = null;
    if (this.refusedAgs3) {
      f.add(PROCESS_ERROR, 'error', null, '', 'Checking stopped: the file is AGS3; check it as AGS3.');
    } else if ((this.options.version ?? file.version) === 'AGS3') {
      this.ags3.finish(file);
    } else {
      this.ags4.end();
      if (file.groups.length === 0) {
        f.add(PROCESS_ERROR, 'error', null, '', 'No GROUP row found: this is not an AGS4 (or AGS3) file.');
      } else dictionaryName = this.groupRules(file);
    }
    return { file, report: report(file, f, dictionaryName) };
  }

  /** The group and dictionary rules; returns the standard dictionary used (null when none could be). */
  private groupRules(file: AgsFile): string | null {
    const f = this.findings;
    const groups = uniqueGroups(file, f);
    checkRows(groups, f);
    checkValues(groups, f);
    checkProjAndTran(file, f);
    checkUnits(file, groups, f);
    checkFiles(file, groups, f, this.options.attachedFiles);
    checkTranAgs(file, f);

    const chosen = this.options.dictionary;
    let standard: { name: string | null; file: AgsFile };
    if (typeof chosen === 'object') standard = { name: null, file: chosen };
    else {
      const version = chosen ?? tranAgs(file);
      const known = STANDARD_DICTIONARIES[version] ?? (Object.values(STANDARD_DICTIONARIES).includes(version) ? version : undefined);
      const dict = standardDictionary(known ?? LATEST_DICTIONARY_VERSION);
      standard = { name: dict.fileName, file: dict.file };
    }
    const fromStandard = dictEntries(findGroup(standard.file, 'DICT'));
    const fromFile = dictEntries(findGroup(file, 'DICT'));
    if (fromStandard.length === 0 && fromFile.length === 0) {
      f.add(
        PROCESS_ERROR,
        'error',
        null,
        '',
        'No DICT groups available to proceed with checking. Please ensure the input file has a DICT group or provide file with standard AGS4 dictionary.',
      );
      return standard.name;
    }
    const dict = buildDictionary(fromStandard, fromFile);
    checkOrderAndNames(groups, dict, f);
    checkKeysAndRequired(groups, dict, f);
    checkParents(file, groups, dict, f);
    checkRecordLinks(file, groups, f);
    checkAbbreviations(file, groups, f);
    checkTypes(file, groups, f);
    checkDictGroupAndPrefixes(file, groups, dict, f);
    checkStandardAbbreviations(file, findGroup(standard.file, 'ABBR'), f);
    return standard.name;
  }
}

/** Groups by name, each once: a group that appears again is reported and its second copy left out of the checks. */
function uniqueGroups(file: AgsFile, f: Findings): AgsGroup[] {
  const seen = new Map<string, AgsGroup>();
  for (const g of file.groups) {
    const first = seen.get(g.name);
    if (first === undefined) seen.set(g.name, g);
    else {
      f.add(
        PROCESS_ERROR,
        'error',
        g.line,
        g.name,
        `${g.name} group duplicated in line ${g.line} (first at line ${first.line}): the checks below use the first; combine the two into one group.`,
      );
    }
  }
  return [...seen.values()];
}

function report(file: AgsFile, f: Findings, dictionary: string | null): AgsReport {
  return {
    version: file.groups.length > 0 ? file.version : null,
    encoding: file.encoding,
    bom: file.bom,
    dictionary,
    findings: f.list,
    byRule: f.byRule(),
    counts: f.counts(),
    summary: summary(file),
  };
}

function summary(file: AgsFile): string[] {
  const names = file.groups.map((g) => g.name);
  const lines = [`${names.length} groups identified in file: ${names.join(' ')}`];
  const empty = file.groups.filter((g) => g.rows.length === 0).map((g) => g.name);
  if (empty.length > 0) lines.push(`${empty.length} group(s) do not have any data: ${empty.join(' ')}`);
  const locations = findGroup(file, file.version === 'AGS3' ? 'HOLE' : 'LOCA');
  if (locations !== undefined) lines.push(`${locations.rows.length} data row(s) in ${locations.name} group`);
  lines.push(`Optional DICT group present? ${findGroup(file, 'DICT') !== undefined ? 'True' : 'False'}`);
  lines.push(`Optional FILE group present? ${findGroup(file, 'FILE') !== undefined ? 'True' : 'False'}`);
  return lines;
}
