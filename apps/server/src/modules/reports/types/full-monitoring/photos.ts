/**
 * Site photos of a full monitoring report (decision 040): the photos of the contract's instruments and construction
 * sites uploaded in the period (the file search's call, as the creator), oldest first, at most `max_photos`, each as
 * a JPEG of at most 1200 px with its record, file name and upload time.
 */
import sharp from 'sharp';
import { ZFileSearchQuery, type TFileSearchResult, type TMonitoringSection } from '@strata/shared';
import type { ReportBlock } from '../../report-document.js';
import { dateTimeText, unlessForbidden, unlessNotFound } from '../common.js';
import type { FullMonitoringData } from './data.js';

const PHOTO_SIDE = 1200;
const PHOTO_HEIGHT = 330;
const CATEGORIES = ['instrument', 'site'] as const;

export async function* sitePhotosSection(s: Extract<TMonitoringSection, { kind: 'site-photos' }>, data: FullMonitoringData): AsyncGenerator<ReportBlock> {
  const { ctx } = data;
  const found: TFileSearchResult[] = [];
  for (const category of CATEGORIES) {
    const q = ZFileSearchQuery.parse({
      kind: 'photo',
      category,
      contracts: JSON.stringify(ctx.params.contract_ids),
      from: ctx.period.from.toISOString(),
      to: new Date(ctx.period.to.getTime() - 1).toISOString(),
      limit: 1000,
    });
    found.push(...((await unlessForbidden(() => ctx.services.fileSearch.search(ctx.actor, q)))?.records ?? []));
  }
  // Instrument photos follow the report's zones: only instruments of the report.
  const instruments = new Set((await data.instruments()).map((i) => i.instrument_id));
  const photos = found
    .filter((p) => p.record.category !== 'instrument' || instruments.has(p.record.ref_id))
    .sort((a, b) => a.created.localeCompare(b.created) || a.file_id - b.file_id)
    .slice(0, s.max_photos);
  let shown = 0;
  for (const p of photos) {
    const file = await unlessNotFound(() => ctx.services.attachments.photoFile(ctx.actor, p.file_id));
    if (!file) continue;
    const { data: jpeg, info } = await sharp(file.data, { limitInputPixels: 100_000_000, animated: false })
      .rotate()
      .resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    yield {
      kind: 'image',
      data: jpeg,
      format: 'jpeg',
      width: info.width,
      height: info.height,
      maxHeight: PHOTO_HEIGHT,
      caption: `${p.record.title} · ${p.file_name} · ${dateTimeText(Date.parse(p.created), ctx.timezone)}`,
    };
    shown += 1;
  }
  if (shown === 0) yield { kind: 'paragraph', text: 'No site photos in the period' };
}
