import { readFileSync } from 'node:fs';
import { readAgsBuffer } from './reader.js';
import type { AgsFile, AgsGroup } from './types.js';

/**
 * The AGS4 standard dictionaries (`dictionaries/`, shipped with the code) and the dictionary a file is checked
 * against: the standard one its TRAN_AGS names plus the file's own DICT group (standard entries first, a file entry
 * that repeats one is dropped).
 */

export const STANDARD_DICTIONARIES: Readonly<Record<string, string>> = {
  '4.0': 'Standard_dictionary_v4_0_3.ags',
  '4.0.3': 'Standard_dictionary_v4_0_3.ags',
  '4.0.4': 'Standard_dictionary_v4_0_4.ags',
  '4.1': 'Standard_dictionary_v4_1.ags',
  '4.1.1': 'Standard_dictionary_v4_1_1.ags',
  '4.2': 'Standard_dictionary_v4_2.ags',
};

/** The version used when TRAN_AGS is missing or names no known version. */
export const LATEST_DICTIONARY_VERSION = '4.2';

export interface DictEntry {
  /** 'GROUP' or 'HEADING'. */
  type: string;
  group: string;
  heading: string;
  status: string;
  dataType: string;
  unit: string;
  parent: string;
}

export interface AgsDictionary {
  entries: DictEntry[];
  /** Entries of each group (its GROUP entry and its headings), in dictionary order. */
  byGroup: Map<string, DictEntry[]>;
  /** Every heading name of every group. */
  allHeadings: Set<string>;
}

/** A group's column by heading name (-1 when absent). */
export function column(group: AgsGroup, heading: string): number {
  return group.headings.indexOf(heading);
}

/** The value of a heading in a row ('' when the heading or the value is missing). */
export function valueOf(group: AgsGroup, values: string[], heading: string): string {
  const i = column(group, heading);
  return i < 0 ? '' : (values[i] ?? '');
}

export function findGroup(file: AgsFile, name: string): AgsGroup | undefined {
  return file.groups.find((g) => g.name === name);
}

export function dictEntries(dict: AgsGroup | undefined): DictEntry[] {
  if (dict === undefined) return [];
  return dict.rows.map((row) => ({
    type: valueOf(dict, row.values, 'DICT_TYPE'),
    group: valueOf(dict, row.values, 'DICT_GRP'),
    heading: valueOf(dict, row.values, 'DICT_HDNG'),
    status: valueOf(dict, row.values, 'DICT_STAT'),
    dataType: valueOf(dict, row.values, 'DICT_DTYP'),
    unit: valueOf(dict, row.values, 'DICT_UNIT'),
    parent: valueOf(dict, row.values, 'DICT_PGRP'),
  }));
}

export function buildDictionary(...sources: DictEntry[][]): AgsDictionary {
  const seen = new Set<string>();
  const entries: DictEntry[] = [];
  for (const list of sources) {
    for (const e of list) {
      const key = `${e.type}\u0000${e.group}\u0000${e.heading}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push(e);
    }
  }
  const byGroup = new Map<string, DictEntry[]>();
  const allHeadings = new Set<string>();
  for (const e of entries) {
    let list = byGroup.get(e.group);
    if (list === undefined) byGroup.set(e.group, (list = []));
    list.push(e);
    allHeadings.add(e.heading);
  }
  return { entries, byGroup, allHeadings };
}

export interface StandardDictionary {
  fileName: string;
  file: AgsFile;
}

const cache = new Map<string, StandardDictionary>();

/** A standard dictionary by version ('4.1') or file name ('Standard_dictionary_v4_1.ags'), read once per process. */
export function standardDictionary(versionOrFile: string): StandardDictionary {
  const fileName = STANDARD_DICTIONARIES[versionOrFile] ?? versionOrFile;
  if (!Object.values(STANDARD_DICTIONARIES).includes(fileName)) {
    throw new Error(`No standard AGS4 dictionary ${versionOrFile}`);
  }
  let dict = cache.get(fileName);
  if (dict === undefined) {
    const bytes = readFileSync(new URL(`./dictionaries/${fileName}`, import.meta.url));
    dict = { fileName, file: readAgsBuffer(bytes) };
    cache.set(fileName, dict);
  }
  return dict;
}

/** The TRAN_AGS of a file ('' when there is no TRAN group or no DATA row). */
export function tranAgs(file: AgsFile): string {
  const tran = findGroup(file, 'TRAN');
  const row = tran?.rows[0];
  return tran === undefined || row === undefined ? '' : valueOf(tran, row.values, 'TRAN_AGS');
}
