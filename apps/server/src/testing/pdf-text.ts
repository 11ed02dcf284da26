/**
 * The text a PDF shows, read back as a reader's "copy text" would: each page's content stream, its text operators
 * decoded through the font's ToUnicode map (embedded fonts write glyph ids, not characters). No external tool: the
 * machines have no pdftotext. Enough for the PDFs pdfkit writes (objects `N 0 obj … endobj`, Flate streams, hex
 * strings in `TJ`/`Tj`); each text operator gives one line.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1'); // one character per byte: indexes into the text are offsets into the buffer
  const found = new Map<number, PdfObject>();
  const head = /(\d+) 0 obj\s/g;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const start = m.index + m[0].length;
    const streamAt = text.indexOf('stream\n', start);
    const endAt = text.indexOf('endobj', start);
    if (streamAt < 0 || streamAt > endAt) {
      found.set(Number(m[1]), { dict: text.slice(start, endAt) });
      continue;
    }
    const dict = text.slice(start, streamAt);
    const dataAt = streamAt + 'stream\n'.length;
    const dataEnd = text.indexOf('\nendstream', dataAt);
    let stream = pdf.subarray(dataAt, dataEnd);
    if (/\/Filter\s*\/FlateDecode/.test(dict)) {
      try {
        stream = inflateSync(stream);
      } catch {
        // not a stream this reader needs (an image, a font program it cannot inflate)
      }
    }
    found.set(Number(m[1]), { dict, stream });
    head.lastIndex = dataEnd;
  }
  return found;
}

/** A ToUnicode CMap: code (hex, as in the content stream) to text. */
function readCmap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const e of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(e[1]!.toLowerCase(), utf16(e[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const e of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const width = e[1]!.length;
      const from = parseInt(e[1]!, 16);
      const to = parseInt(e[2]!, 16);
      const code = (n: number) => n.toString(16).padStart(width, '0');
      if (e[3]!.startsWith('[')) {
        [...e[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((d, i) => map.set(code(from + i), utf16(d[1]!)));
      } else {
        const first = Buffer.from(e[3]!.slice(1, -1).replace(/\s+/g, ''), 'hex');
        for (let n = from; n <= to; n++) {
          const v = Buffer.from(first);
          v.writeUInt16BE(v.readUInt16BE(v.length - 2) + (n - from), v.length - 2);
          map.set(code(n), v.swap16().toString('utf16le'));
        }
      }
    }
  }
  return map;
}

interface Font {
  /** Bytes per code: 2 for a composite (Type0) font, 1 otherwise. */
  bytes: number;
  cmap?: Map<string, string>;
}

/** The text of every page, in page order, one line per text operator. */
export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  const fonts = new Map<string, Font>(); // by resource name: pdfkit names each font of a document once (/F1, /F2, …)
  for (const o of objects.values()) {
    for (const block of o.dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const ref of block[1]!.matchAll(/\/([\w.+-]+)\s+(\d+)\s+0\s+R/g)) {
        const font = objects.get(Number(ref[2]));
        if (!font) continue;
        const unicode = /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(font.dict);
        const cmap = unicode ? objects.get(Number(unicode[1]))?.stream : undefined;
        fonts.set(ref[1]!, { bytes: /\/Subtype\s*\/Type0/.test(font.dict) ? 2 : 1, cmap: cmap ? readCmap(cmap.toString('latin1')) : undefined });
      }
    }
  }
  const pages = [...objects.entries()]
    .filter(([, o]) => /\/Type\s*\/Page\b/.test(o.dict))
    .sort(([a], [b]) => a - b)
    .flatMap(([, o]) => [...o.dict.matchAll(/\/Contents\s+(\d+)\s+0\s+R/g)].map((c) => objects.get(Number(c[1]))?.stream));
  const lines: string[] = [];
  for (const content of pages) {
    if (!content) continue;
    let font: Font = { bytes: 1 };
    for (const op of content.toString('latin1').matchAll(/\/([\w.+-]+)\s+[\d.]+\s+Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1]) {
        font = fonts.get(op[1]) ?? { bytes: 1 };
        continue;
      }
      const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[3]!];
      const decode = (hex: string) => {
        const size = font.bytes * 2;
        let out = '';
        for (let i = 0; i < hex.length; i += size) {
          const code = hex.slice(i, i + size).toLowerCase();
          out += font.cmap?.get(code) ?? Buffer.from(code, 'hex').toString('latin1');
        }
        return out;
      };
      lines.push(hexes.map(decode).join(''));
    }
  }
  return lines.join('\n');
}
