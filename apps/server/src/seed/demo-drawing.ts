/**
 * The demo's progress drawing (issue 19, decision 038): a plan of the NATM adit as a site engineer's survey sketch — a
 * 10 m grid, the drive's alignment, the part excavated to the top heading's face with its chainage, a north arrow and
 * a title block — drawn as SVG and made a PNG with sharp at seed time. The image covers exactly its place on the map
 * (the same aspect), so it lies over the alignment where the map draws it.
 */
import sharp from 'sharp';
import type { TDrawingExtent } from '@strata/shared';

export interface ProgressDrawingPlan {
  /** Where the drawing lies, SVY21 `[minE, minN, maxE, maxN]` (m). */
  extent: TDrawingExtent;
  /** The drive's alignment, SVY21 positions. */
  line: readonly (readonly number[])[];
  /** The part excavated, portal to face, SVY21 positions (empty: none yet). */
  excavated: readonly (readonly number[])[];
  /** The top heading's face. */
  face: { x: number; y: number; chainage: number } | null;
  /** Width of the excavation drawn (m). */
  tunnelWidth: number;
  title: string;
  subtitle: string;
  /** The image's width in pixels; its height follows the extent's aspect. */
  widthPx?: number;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const FONT = "font-family=\"'DejaVu Sans', 'Liberation Sans', Arial, sans-serif\"";

/** The drawing as SVG text (exported for the test, which reads what is drawn where). */
export function progressDrawingSvg(plan: ProgressDrawingPlan): { svg: string; width: number; height: number } {
  const [minE, minN, maxE, maxN] = plan.extent;
  const width = plan.widthPx ?? 1200;
  const scale = width / (maxE - minE);
  const height = Math.max(1, Math.round((maxN - minN) * scale));
  const px = (p: readonly number[]) => `${((p[0]! - minE) * scale).toFixed(1)},${((maxN - p[1]!) * scale).toFixed(1)}`;
  const path = (points: readonly (readonly number[])[]) => points.map(px).join(' ');
  const grid: string[] = [];
  for (let e = Math.ceil(minE / 10) * 10; e <= maxE; e += 10) {
    const x = ((e - minE) * scale).toFixed(1);
    grid.push(`<line x1="${x}" y1="0" x2="${x}" y2="${height}" stroke="${e % 50 === 0 ? '#b0bec5' : '#e3e8eb'}" stroke-width="1"/>`);
  }
  for (let n = Math.ceil(minN / 10) * 10; n <= maxN; n += 10) {
    const y = ((maxN - n) * scale).toFixed(1);
    grid.push(`<line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="${n % 50 === 0 ? '#b0bec5' : '#e3e8eb'}" stroke-width="1"/>`);
  }
  const font = Math.max(12, Math.round(width / 60));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#fbfaf5"/>`,
    ...grid,
    `<polyline points="${path(plan.line)}" fill="none" stroke="#6a1b9a" stroke-width="2" stroke-dasharray="10 6"/>`,
  ];
  if (plan.excavated.length >= 2) {
    parts.push(
      `<polyline points="${path(plan.excavated)}" fill="none" stroke="#8d6e63" stroke-opacity="0.85" stroke-width="${(plan.tunnelWidth * scale).toFixed(1)}" stroke-linejoin="round"/>`,
      `<polyline points="${path(plan.excavated)}" fill="none" stroke="#3e2723" stroke-width="1.5"/>`,
    );
  }
  if (plan.face) {
    const [x, y] = px([plan.face.x, plan.face.y]).split(',');
    parts.push(
      `<circle cx="${x}" cy="${y}" r="${Math.max(5, font / 2)}" fill="#c62828" stroke="#ffffff" stroke-width="2"/>`,
      `<text x="${x}" y="${(Number(y) - font).toFixed(1)}" ${FONT} font-size="${font}" font-weight="bold" fill="#c62828" text-anchor="middle">TH CH ${plan.face.chainage.toFixed(1)}</text>`,
    );
  }
  // North arrow (top right) and title block (bottom left).
  const arrowX = width - font * 2;
  parts.push(
    `<polygon points="${arrowX},${font} ${arrowX - font / 2},${font * 2.5} ${arrowX + font / 2},${font * 2.5}" fill="#263238"/>`,
    `<text x="${arrowX}" y="${font * 3.7}" ${FONT} font-size="${font}" fill="#263238" text-anchor="middle">N</text>`,
    `<rect x="${font / 2}" y="${height - font * 3.6}" width="${Math.min(width - font, font * 34)}" height="${font * 3.1}" fill="#ffffff" stroke="#263238" stroke-width="1.5"/>`,
    `<text x="${font}" y="${height - font * 2.2}" ${FONT} font-size="${font}" font-weight="bold" fill="#263238">${escape(plan.title)}</text>`,
    `<text x="${font}" y="${height - font * 0.95}" ${FONT} font-size="${Math.round(font * 0.85)}" fill="#455a64">${escape(plan.subtitle)}</text>`,
    `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" fill="none" stroke="#263238" stroke-width="2"/>`,
    '</svg>',
  );
  return { svg: parts.join(''), width, height };
}

/** The drawing as a PNG file. */
export async function progressDrawingPng(plan: ProgressDrawingPlan): Promise<Buffer> {
  return sharp(Buffer.from(progressDrawingSvg(plan).svg))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
