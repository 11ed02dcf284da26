import { saveBlob } from '../../lib/download';
import { CHART, fitToBox } from '@strata/shared';
import { echarts, type ECharts, type EChartsCoreOption } from './echarts-core';
import { dataUrlBytes, jpegToPdf } from './pdf';

/** The exports, in the toolbar menu's order (spec §2.15: PNG, JPG, PDF and SVG). */
export const EXPORT_FORMATS = ['png', 'jpg', 'pdf', 'svg'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const BACKGROUND = '#ffffff';

/** A file name without characters file systems refuse. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'chart';
}

/** The chart as an SVG document: the same option drawn by the SVG renderer (server-side mode, no DOM needed). */
export function chartSvg(option: EChartsCoreOption, width: number, height: number): string {
  const copy = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width, height });
  try {
    copy.setOption({ ...fitToBox(option, width, height), backgroundColor: BACKGROUND });
    return copy.renderToSVGString();
  } finally {
    copy.dispose();
  }
}

/** A canvas as a one-page A4 PDF (the image scaled into 210 × 295 mm). */
export function canvasPdf(dataUrlJpeg: string, title: string): Blob {
  const bytes = jpegToPdf(dataUrlBytes(dataUrlJpeg), { title });
  return new Blob([bytes as BlobPart], { type: 'application/pdf' });
}

/**
 * Saves the chart (§2.15, §9): PNG and JPG at 2× (ECharts `getDataURL` with pixelRatio 2, white background), SVG drawn
 * again by the SVG renderer from the same option, PDF as the 2× JPEG on an A4 page. Resolves with the file name.
 */
export function exportChart(chart: ECharts, option: EChartsCoreOption, format: ExportFormat, baseName: string): string {
  const name = `${safeFileName(baseName)}.${format}`;
  const image = (type: 'png' | 'jpeg') => chart.getDataURL({ type, pixelRatio: CHART.exportScale, backgroundColor: BACKGROUND });
  let blob: Blob;
  switch (format) {
    case 'png':
    case 'jpg':
      // From the bytes, not fetch(dataUrl): the content security policy may not allow data: connections.
      blob = new Blob([dataUrlBytes(image(format === 'png' ? 'png' : 'jpeg')) as BlobPart], { type: format === 'png' ? 'image/png' : 'image/jpeg' });
      break;
    case 'svg':
      blob = new Blob([chartSvg(option, chart.getWidth(), chart.getHeight())], { type: 'image/svg+xml' });
      break;
    case 'pdf':
      blob = canvasPdf(image('jpeg'), baseName);
      break;
  }
  saveBlob(blob, name);
  return name;
}
