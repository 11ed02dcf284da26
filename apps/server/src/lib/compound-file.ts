/**
 * The names in an OLE2 compound file's directory (MS-CFB): what tells a legacy Word document (a `WordDocument`
 * stream) from an Excel workbook (`Workbook`, or `Book` in Excel 5/95). Reads only the header, the FAT sectors it
 * lists and the directory chain; never trusts a count or an offset without a bound check.
 */

export const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

const ENDOFCHAIN = 0xfffffffe;
const FREESECT = 0xffffffff;
/** Far more directory sectors than any real document has; a loop in the chain ends here. */
const MAX_DIRECTORY_SECTORS = 10_000;

export function isCompoundFile(data: Buffer): boolean {
  return data.length >= 512 && CFB_SIGNATURE.every((b, i) => data[i] === b);
}

interface DirectoryEntry {
  name: string;
  /** 0 unused, 1 storage, 2 stream, 5 root. */
  type: number;
  left: number;
  right: number;
  child: number;
}

const NOSTREAM = 0xffffffff;

/** The directory entries of the file, in order (entry 0 is the root); undefined when the structure is not readable. */
export function compoundFileDirectory(data: Buffer): DirectoryEntry[] | undefined {
  if (!isCompoundFile(data)) return undefined;
  const shift = data.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return undefined;
  const sectorSize = 1 << shift;
  const sectorOffset = (n: number) => (n + 1) * sectorSize;
  const fatSectorCount = data.readUInt32LE(0x2c);
  const firstDirSector = data.readUInt32LE(0x30);

  // The FAT: the first 109 FAT sector numbers sit in the header; further ones in DIFAT sectors, followed here too.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) fatSectors.push(data.readUInt32LE(0x4c + i * 4));
  let difat = data.readUInt32LE(0x44);
  let guard = 0;
  while (fatSectors.length < fatSectorCount && difat !== ENDOFCHAIN && difat !== FREESECT && guard++ < 1000) {
    const at = sectorOffset(difat);
    if (at + sectorSize > data.length) return undefined;
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector && fatSectors.length < fatSectorCount; i++) fatSectors.push(data.readUInt32LE(at + i * 4));
    difat = data.readUInt32LE(at + perSector * 4);
  }
  const next = (sector: number): number | undefined => {
    const perSector = sectorSize / 4;
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined) return undefined;
    const at = sectorOffset(fatSector) + (sector % perSector) * 4;
    return at + 4 <= data.length ? data.readUInt32LE(at) : undefined;
  };

  const entries: DirectoryEntry[] = [];
  let sector = firstDirSector;
  for (let n = 0; sector !== ENDOFCHAIN; n++) {
    if (n >= MAX_DIRECTORY_SECTORS) return undefined;
    const at = sectorOffset(sector);
    if (at + sectorSize > data.length) return undefined;
    for (let e = 0; e < sectorSize / 128; e++) {
      const entry = at + e * 128;
      const nameBytes = data.readUInt16LE(entry + 0x40);
      const name = nameBytes >= 2 && nameBytes <= 64 ? data.toString('utf16le', entry, entry + nameBytes - 2) : '';
      entries.push({
        name,
        type: data[entry + 0x42] ?? 0,
        left: data.readUInt32LE(entry + 0x44),
        right: data.readUInt32LE(entry + 0x48),
        child: data.readUInt32LE(entry + 0x4c),
      });
    }
    const following = next(sector);
    if (following === undefined) return undefined;
    sector = following;
  }
  return entries[0]?.type === 5 ? entries : undefined;
}

/** The names of the root storage's own streams and storages (not those of embedded objects). */
export function compoundFileRootNames(data: Buffer): string[] | undefined {
  const entries = compoundFileDirectory(data);
  if (!entries) return undefined;
  const names: string[] = [];
  const seen = new Set<number>();
  const stack = [entries[0]!.child];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === NOSTREAM || seen.has(id)) continue;
    const e = entries[id];
    if (!e) return undefined;
    seen.add(id);
    if (e.type !== 0) names.push(e.name);
    stack.push(e.left, e.right);
  }
  return names;
}

/** `doc` for a Word 97–2003 document, `xls` for an Excel 97–2003 (or 5/95) workbook, else undefined. */
export function compoundFileKind(data: Buffer): 'doc' | 'xls' | undefined {
  const names = compoundFileRootNames(data);
  if (!names) return undefined;
  if (names.includes('WordDocument')) return 'doc';
  if (names.includes('Workbook') || names.includes('Book')) return 'xls';
  return undefined;
}
