import * as CFB from 'cfb';

/**
 * The names in an OLE2 compound file's directory (MS-CFB), read by the `cfb` package: what tells a legacy Word
 * document (a `WordDocument` stream) from an Excel workbook (`Workbook`, or `Book` in Excel 5/95). A file the
 * package cannot read (cut short, a broken chain) is no known kind.
 */

export const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

export function isCompoundFile(data: Buffer): boolean {
  return data.length >= 512 && CFB_SIGNATURE.every((b, i) => data[i] === b);
}

/** The names of the root storage's own streams and storages (not those of embedded objects); undefined when unreadable. */
export function compoundFileRootNames(data: Buffer): string[] | undefined {
  if (!isCompoundFile(data)) return undefined;
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(data, { type: 'buffer' });
  } catch {
    return undefined;
  }
  // FullPaths[i] is entry i's path from the root ("Root Entry/Workbook", storages end in "/"); a direct child of
  // the root has no further "/" inside, so an embedded document's own WordDocument stream is not counted.
  const root = container.FullPaths[0];
  if (container.FileIndex[0]?.type !== 5 || !root) return undefined;
  return container.FullPaths.flatMap((path, i) => {
    if (i === 0 || !path.startsWith(root)) return [];
    const rest = path.slice(root.length).replace(/\/$/, '');
    return rest !== '' && !rest.includes('/') ? [container.FileIndex[i]!.name] : [];
  });
}

/** `doc` for a Word 97–2003 document, `xls` for an Excel 97–2003 (or 5/95) workbook, else undefined. */
export function compoundFileKind(data: Buffer): 'doc' | 'xls' | undefined {
  const names = compoundFileRootNames(data);
  if (!names) return undefined;
  if (names.includes('WordDocument')) return 'doc';
  if (names.includes('Workbook') || names.includes('Book')) return 'xls';
  return undefined;
}
