import type {
  TContractDocumentList,
  TDocumentHistoryQuery,
  TFileSearchList,
  TFileSearchQuery,
  TMapUpload,
  TMapUploadFields,
  TMapUploadHistoryQuery,
  TMapUploadList,
} from '@strata/shared';
import { hasAnyPermission } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { dateRange } from '../../lib/filters.js';
import { scopeOf } from '../contracts/contracts.service.js';
import type { MapLayersService } from '../map-layers/map-layers.service.js';
import type { RecordRefs } from '../records/record-refs.js';
import { checkFileName } from './attachment-content.js';
import { presentContractDocument, presentMapUpload, presentSearchResult } from './attachments.presenter.js';
import { contractDocuments, insertMapUpload, listMapUploads, searchFiles } from './file-search.repository.js';

/**
 * Files across records: the map file search (photos and documents of every record in the caller's contracts, with the
 * record's location), and the two upload pages' histories: /upload/document (documents of contracts, "other files")
 * and /upload/map (drawings to base map, which become map overlays).
 */
export class FileSearchService {
  constructor(
    private readonly ctx: AppContext,
    private readonly records: RecordRefs,
    private readonly mapLayers: MapLayersService,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  /** Search results carry `can_delete` for the uploader only; managers delete from the record's own page. */
  async search(actor: Actor, q: TFileSearchQuery): Promise<TFileSearchList> {
    const { records, total } = await searchFiles(this.db, scopeOf(actor), this.records.listing(), {
      keyword: q.keyword || undefined,
      kind: q.kind,
      types: q.types,
      dates: dateRange(q.from, q.to),
      bbox: q.bbox,
      contractIds: q.contracts,
      category: q.category,
      limit: q.limit,
      skip: q.skip,
    });
    return { records: records.map((r) => presentSearchResult(r, r.uploaded_by === actor.userId)), total_records: total };
  }

  /** /upload/document: documents of the caller's contracts (category `contract`). */
  async documentHistory(actor: Actor, q: TDocumentHistoryQuery): Promise<TContractDocumentList> {
    const { records, total } = await contractDocuments(this.db, scopeOf(actor), {
      keyword: q.keyword || undefined,
      contractId: q.contract_id,
      dates: dateRange(q.from, q.to),
      limit: q.limit,
      skip: q.skip,
    });
    const manages = hasAnyPermission([...actor.permissions], ['DeleteOtherFiles']);
    return {
      records: records.map((r) => presentContractDocument(r.a, r.uploaderEmail, r.contractNo, manages || r.a.uploadedBy === actor.userId)),
      total_records: total,
    };
  }

  /** /upload/map: a GeoJSON or KML drawing becomes a new map overlay; the upload is kept in the history. */
  async uploadMap(actor: Actor, fields: TMapUploadFields, file: { fileName: string; data: Buffer }): Promise<TMapUpload> {
    const fileName = checkFileName(file.fileName);
    let uploadId = 0;
    await this.mapLayers.createFromFile(actor, { name: fields.name, fileName, data: file.data }, async (tx, layer, f) => {
      const row = await insertMapUpload(tx, {
        layerId: layer.layerId,
        layerName: layer.name,
        fileName: f.fileName,
        fileType: f.kind,
        size: f.size,
        uploadedBy: actor.userId,
        createdAt: this.ctx.now(),
      });
      uploadId = row.uploadId;
    });
    const { records } = await listMapUploads(this.db, { uploadId, dates: { toInclusive: false }, limit: 1, skip: 0 });
    if (!records[0]) throw notFound();
    return presentMapUpload(records[0]);
  }

  async mapHistory(q: TMapUploadHistoryQuery): Promise<TMapUploadList> {
    const { records, total } = await listMapUploads(this.db, { keyword: q.keyword || undefined, dates: dateRange(q.from, q.to), limit: q.limit, skip: q.skip });
    return { records: records.map(presentMapUpload), total_records: total };
  }
}
