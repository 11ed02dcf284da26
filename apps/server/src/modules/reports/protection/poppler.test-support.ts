/** Reading PDFs back with poppler-utils (pdftotext, pdfinfo; CI installs them) in the protection tests. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function withFile<T>(bytes: Uint8Array, use: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'strata-protection-'));
  try {
    const file = join(dir, 'file.pdf');
    writeFileSync(file, bytes);
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pdftotext's text of the file (with `args`, e.g. a password); throws with poppler's message when it cannot read it. */
export function popplerText(bytes: Uint8Array, args: string[] = []): string {
  return withFile(bytes, (file) => execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** pdftotext's exit status and error output: how a reader without the password fares. */
export function popplerRefusal(bytes: Uint8Array): { status: number | null; stderr: string } {
  return withFile(bytes, (file) => {
    const r = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    return { status: r.status, stderr: r.stderr };
  });
}

/** pdfinfo's fields (`Pages`, `Encrypted`, …) of the file. */
export function popplerInfo(bytes: Uint8Array, args: string[] = []): Record<string, string> {
  const out = withFile(bytes, (file) => execFileSync('pdfinfo', [...args, file], { encoding: 'utf8' }));
  const fields: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (m) fields[m[1]!.trim()] = m[2]!.trim();
  }
  return fields;
}

/**
 * The text of a page written along a rising line (the diagonal watermark), without white space: pdftotext reads such
 * text in pieces, so its words (`-bbox`) are put in order of their left edge.
 */
export function risingText(bytes: Uint8Array, page: number): string {
  const html = popplerText(bytes, ['-bbox', '-f', String(page), '-l', String(page)]);
  const words = [...html.matchAll(/<word xMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({ x: Number(m[1]), text: m[2]! }));
  return words
    .sort((a, b) => a.x - b.x)
    .map((w) => w.text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'))
    .join('');
}
