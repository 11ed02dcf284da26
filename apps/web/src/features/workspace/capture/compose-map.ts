import type OlMap from 'ol/Map';
import { instrumentIconDataUrl } from '../../../components/instrument-icon';
import type { LegendData } from '../map/map-legend';

/** The plain background the map shows under its tiles (and alone offline). */
const BACKGROUND = '#eef2f4';

/** False when the canvas holds pixels of another origin (a tile server without CORS): it cannot be exported. */
function readable(canvas: HTMLCanvasElement): boolean {
  try {
    const probe = document.createElement('canvas');
    probe.width = 1;
    probe.height = 1;
    const ctx = probe.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0, 1, 1);
    ctx.getImageData(0, 0, 1, 1);
    return true;
  } catch {
    return false;
  }
}

function matrixOf(canvas: HTMLCanvasElement): number[] {
  const match = /^matrix\(([^(]*)\)$/.exec(canvas.style.transform);
  if (match) return match[1]!.split(',').map(Number);
  return [parseFloat(canvas.style.width) / canvas.width || 1, 0, 0, parseFloat(canvas.style.height) / canvas.height || 1, 0, 0];
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image'));
    image.src = src;
  });
}

/** Waits for the map to finish drawing what it shows now. */
export function renderComplete(map: OlMap, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    map.once('rendercomplete', () => {
      clearTimeout(timer);
      resolve();
    });
    map.renderSync();
  });
}

export interface ComposedMap {
  canvas: HTMLCanvasElement;
  /** Some layer (a base map whose server does not allow it) could not be copied and was left out. */
  omittedLayers: boolean;
}

export interface ComposeOptions {
  title: string;
  subtitle: string;
  legend: LegendData | null;
  legendTitle: string;
  levelsTitle: string;
  /** Device pixels per CSS pixel of the result (default the screen's, at least 2 for print). */
  pixelRatio?: number;
}

/**
 * The map as one image: every layer canvas of the map drawn in order (as OpenLayers' export example does), over the
 * plain background, with a title strip at the top and the legend at the bottom left. Layers another origin tainted
 * (a tile server without CORS) are left out rather than making the whole image unexportable.
 */
export async function composeMap(map: OlMap, options: ComposeOptions): Promise<ComposedMap> {
  await renderComplete(map);
  const size = map.getSize() ?? [800, 600];
  const ratio = options.pixelRatio ?? Math.max(2, window.devicePixelRatio || 1);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(size[0]! * ratio);
  canvas.height = Math.round(size[1]! * ratio);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, canvas.width, canvas.height);

  let omittedLayers = false;
  const layers = map.getViewport()?.querySelectorAll<HTMLCanvasElement>('.ol-layers canvas') ?? [];
  for (const layer of layers) {
    if (layer.width === 0 || layer.height === 0) continue;
    if (!readable(layer)) {
      omittedLayers = true;
      continue;
    }
    const parent = layer.parentElement;
    const opacity = parent?.style.opacity || layer.style.opacity;
    ctx.globalAlpha = opacity === '' || opacity === undefined ? 1 : Number(opacity);
    const m = matrixOf(layer).map((v) => v * ratio);
    ctx.setTransform(m[0]!, m[1]!, m[2]!, m[3]!, m[4]!, m[5]!);
    const background = parent?.style.backgroundColor;
    if (background) {
      ctx.fillStyle = background;
      ctx.fillRect(0, 0, layer.width, layer.height);
    }
    ctx.drawImage(layer, 0, 0);
  }
  ctx.globalAlpha = 1;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);

  // Title strip.
  ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
  ctx.fillRect(0, 0, size[0]!, 44);
  ctx.fillStyle = '#263238';
  ctx.font = '600 15px Roboto, Arial, sans-serif';
  ctx.textBaseline = 'top';
  ctx.fillText(options.title, 12, 6);
  ctx.font = '12px Roboto, Arial, sans-serif';
  ctx.fillStyle = '#455a64';
  ctx.fillText(options.subtitle, 12, 25);

  if (options.legend) await drawLegend(ctx, options.legend, size[1]!, options.legendTitle, options.levelsTitle);
  return { canvas, omittedLayers };
}

async function drawLegend(ctx: CanvasRenderingContext2D, legend: LegendData, height: number, title: string, levelsTitle: string) {
  const rowH = 18;
  const rows = 1 + legend.types.length + (legend.levels.length ? 1 + legend.levels.length : 0);
  ctx.font = '12px Roboto, Arial, sans-serif';
  const texts = [title, levelsTitle, ...legend.types.map((ty) => `${ty.name} (${ty.count})`), ...legend.levels.map((l) => `${l.code} — ${l.name}`)];
  const width = Math.min(320, 40 + Math.max(...texts.map((s) => ctx.measureText(s).width)));
  const boxH = rows * rowH + 12;
  const x = 10;
  const y = Math.max(50, height - boxH - 10);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
  ctx.strokeStyle = '#90a4ae';
  ctx.lineWidth = 1;
  ctx.fillRect(x, y, width, boxH);
  ctx.strokeRect(x + 0.5, y + 0.5, width - 1, boxH - 1);
  let row = y + 6;
  ctx.fillStyle = '#263238';
  ctx.textBaseline = 'middle';
  ctx.font = '600 12px Roboto, Arial, sans-serif';
  ctx.fillText(title, x + 8, row + rowH / 2);
  row += rowH;
  ctx.font = '12px Roboto, Arial, sans-serif';
  for (const type of legend.types) {
    try {
      const image = await loadImage(instrumentIconDataUrl(type.icon, type.color, 16));
      ctx.drawImage(image, x + 8, row + 1, 16, 16);
    } catch {
      // the name alone
    }
    ctx.fillStyle = '#263238';
    ctx.fillText(`${type.name} (${type.count})`, x + 30, row + rowH / 2);
    row += rowH;
  }
  if (legend.levels.length) {
    ctx.fillStyle = '#546e7a';
    ctx.fillText(levelsTitle, x + 8, row + rowH / 2);
    row += rowH;
    for (const level of legend.levels) {
      ctx.beginPath();
      ctx.arc(x + 16, row + rowH / 2, 6, 0, Math.PI * 2);
      ctx.fillStyle = level.color;
      ctx.fill();
      ctx.strokeStyle = '#263238';
      ctx.stroke();
      ctx.fillStyle = '#263238';
      ctx.fillText(`${level.code} — ${level.name}`, x + 30, row + rowH / 2);
      row += rowH;
    }
  }
}
