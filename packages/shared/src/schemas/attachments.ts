import { z } from 'zod';
import { ZIdText } from './ids.js';
import { ZBboxQuery, ZIdListQuery } from './instruments.js';

/**
 * Photos, documents and files of every record (issue 8), generic over (category, reference id): `instrument`, `site`,
 * `contract` (the "other files" of /upload/document) now; boreholes, excavations, tunnels, alerts and reports as they
 * register. Decision: docs/decisions/014-attachments.md.
 *
 * Calls (all under /api/v1):
 * - POST   /photos/{category}/{id}          multipart, one file               -> TPhoto
 * - GET    /photos/{category}/{id}          keyword, skip, limit              -> TPhotoList
 * - GET    /photos/{file_id}[?size=128]     the original, or a thumbnail (THUMBNAIL_SIZES); `_token` accepted
 * - DELETE /photos/{file_id}                                                  -> TOk
 * - POST   /documents/{category}/{id}       multipart, one file               -> TDocument
 * - GET    /documents/{category}/{id}       keyword, types, skip, limit       -> TDocumentList
 * - GET    /documents/{file_id}             download (attachment, original name); `_token` accepted
 * - DELETE /documents/{file_id}                                               -> TOk
 * - GET    /files/{category}/{id}           type, keyword, skip, limit        -> TRecordFileList
 * - GET    /files/search                    keyword, kind, types, from, to, bbox, contracts, skip, limit -> TFileSearchList
 * - GET    /uploads/document/history        keyword, from, to, contract_id, skip, limit -> TContractDocumentList
 * - POST   /uploads/map                     multipart: one GeoJSON/KML file, `name` -> TMapUpload (a new map overlay)
 * - GET    /uploads/map/history             keyword, from, to, skip, limit    -> TMapUploadList
 *
 * After an upload commits, the uploader gets the live notification `fileCompleted` with `payload: 'document'`,
 * `category` and `ref_id` (photos and documents alike): open lists of that record refresh.
 */

/** File names accepted for photos and documents (spec §5), by extension. */
export const PHOTO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'doc', 'xlsx', 'xls'] as const;
/** The `accept` attribute of the upload dialogs. */
export const PHOTO_ACCEPT = PHOTO_EXTENSIONS.map((e) => `.${e}`).join(',');
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The stored type of a file (`jpeg` names are stored as `jpg`). */
export const PHOTO_TYPES = ['png', 'jpg', 'gif'] as const;
export const DOCUMENT_TYPES = ['pdf', 'docx', 'doc', 'xlsx', 'xls'] as const;
export const FILE_TYPES = [...PHOTO_TYPES, ...DOCUMENT_TYPES] as const;
export type TPhotoType = (typeof PHOTO_TYPES)[number];
export type TDocumentType = (typeof DOCUMENT_TYPES)[number];
export type TFileType = (typeof FILE_TYPES)[number];

export const ATTACHMENT_KINDS = ['photo', 'document'] as const;
export type TAttachmentKind = (typeof ATTACHMENT_KINDS)[number];
/** What the `files` tab lists: photos, documents, and a construction site's drawings. */
export const RECORD_FILE_KINDS = ['photo', 'document', 'drawing'] as const;
export type TRecordFileKind = (typeof RECORD_FILE_KINDS)[number];

/** Limits (spec §5 and §9; the content limits are ours, decision 014). */
export const ATTACHMENT_LIMITS = {
  /** Default maximum size of one file; the settings `general_max_upload` (photos) and `document_max_upload` rule. */
  maxBytes: 10_000_000,
  /** Photos and documents page size. */
  pageSize: 10,
  /** Largest photo accepted, in pixels per side. */
  maxImageSide: 10_000,
  /** Office files (OOXML): at most this many ZIP entries and this many bytes once uncompressed. */
  maxZipEntries: 1000,
  maxZipUncompressedBytes: 100_000_000,
} as const;

/** Thumbnail widths/heights served by `GET /photos/{file_id}?size=` (the photo fits in a square of that side). */
export const THUMBNAIL_SIZES = [64, 128, 256, 512] as const;
export const DEFAULT_THUMBNAIL_SIZE = 128;

/** The live notification's `payload` telling lists of photos and documents to refresh (spec §4). */
export const FILE_COMPLETED_DOCUMENT = 'document';

/** A record category: lower-case words, e.g. `instrument`, `site`, `contract`. */
export const ZRecordCategory = z.string().regex(/^[a-z][a-z-]{0,39}$/, 'Unknown record category');

/** Path of the list and upload calls: /photos/{category}/{id}, /documents/{category}/{id}, /files/{category}/{id}. */
export const ZRecordParams = z.object({ category: ZRecordCategory, id: ZIdText });
export type TRecordParams = z.infer<typeof ZRecordParams>;

/** Path of the by-file calls: /photos/{file_id}, /documents/{file_id}. */
export const ZFileIdParams = z.object({ file_id: ZIdText });
export type TFileIdParams = z.infer<typeof ZFileIdParams>;

/** A comma-joined list of values among `allowed` (`types=pdf,docx`); empty means all. */
const commaList = <T extends string>(allowed: readonly T[], label: string) =>
  z
    .string()
    .max(500)
    .transform((v, ctx) => {
      const values = v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter((s) => s !== '');
      const bad = values.filter((s) => !(allowed as readonly string[]).includes(s));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `${label} are ${allowed.join(', ')}` });
        return z.NEVER;
      }
      return [...new Set(values)] as T[];
    });

const keyword = z.string().trim().max(100).optional();
const skip = z.coerce.number().int().min(0).default(0);
const pageLimit = (byDefault: number, max = 100) => z.coerce.number().int().min(1).max(max).default(byDefault);
/** A date (YYYY-MM-DD, the whole day) or an ISO date-time with offset. */
const dateBound = z.string().trim().max(40).optional();

// ---- photos ----

export const ZPhoto = z.object({
  file_id: z.number().int(),
  file_name: z.string(),
  created: z.string(),
  /** '' when the uploader no longer exists. */
  uploader_email: z.string(),
  size: z.number().int(),
  file_type: z.enum(PHOTO_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  category: z.string(),
  ref_id: z.number().int(),
  /** The original: `/api/v1/photos/{file_id}`; append `?_token=<resource token>` for an image tag. */
  url: z.string(),
  /** `/api/v1/photos/{file_id}?size=128`; append `&_token=<resource token>`. */
  thumbnail_url: z.string(),
  /** The caller uploaded it or holds the record's manage permission. */
  can_delete: z.boolean(),
});
export type TPhoto = z.infer<typeof ZPhoto>;

export const ZPhotoList = z.object({ records: z.array(ZPhoto), total_records: z.number().int(), total_pages: z.number().int() });
export type TPhotoList = z.infer<typeof ZPhotoList>;

export const ZListPhotosQuery = z.object({ keyword, skip, limit: pageLimit(ATTACHMENT_LIMITS.pageSize) });
export type TListPhotosQuery = z.infer<typeof ZListPhotosQuery>;

/** `GET /photos/{file_id}?size=128`: a thumbnail; without `size`, the original. */
export const ZPhotoFileQuery = z.object({
  size: z.coerce
    .number()
    .int()
    .refine((n) => (THUMBNAIL_SIZES as readonly number[]).includes(n), `Size is one of ${THUMBNAIL_SIZES.join(', ')}`)
    .optional(),
});
export type TPhotoFileQuery = z.infer<typeof ZPhotoFileQuery>;

// ---- documents ----

export const ZDocument = z.object({
  file_id: z.number().int(),
  file_name: z.string(),
  /** Bytes (shown in base-1000 units). */
  size: z.number().int(),
  created: z.string(),
  /** '' when the uploader no longer exists. */
  uploader_email: z.string(),
  file_type: z.enum(DOCUMENT_TYPES),
  category: z.string(),
  ref_id: z.number().int(),
  /** Download: `/api/v1/documents/{file_id}`; append `?_token=<resource token>` for a link. */
  url: z.string(),
  can_delete: z.boolean(),
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZDocumentList = z.object({ records: z.array(ZDocument), total_records: z.number().int(), total_pages: z.number().int() });
export type TDocumentList = z.infer<typeof ZDocumentList>;

export const ZListDocumentsQuery = z.object({
  keyword,
  /** Comma-joined document types (pdf, docx, doc, xlsx, xls); absent or empty: all. */
  types: commaList(DOCUMENT_TYPES, 'Types').optional(),
  skip,
  limit: pageLimit(ATTACHMENT_LIMITS.pageSize),
});
export type TListDocumentsQuery = z.infer<typeof ZListDocumentsQuery>;

// ---- every file of a record ----

export const ZRecordFile = z.object({
  kind: z.enum(RECORD_FILE_KINDS),
  /** The id within its kind (photo/document file_id, drawing id). */
  file_id: z.number().int(),
  file_name: z.string(),
  /** png, jpg, gif, pdf, docx, doc, xlsx, xls; for drawings also dxf. */
  file_type: z.string(),
  size: z.number().int(),
  created: z.string(),
  uploader_email: z.string(),
  /** Download or view address; append `?_token=<resource token>`. */
  url: z.string(),
  /** Photos: the 128 px thumbnail (append `&_token=`); otherwise null. */
  thumbnail_url: z.string().nullable(),
  can_delete: z.boolean(),
});
export type TRecordFile = z.infer<typeof ZRecordFile>;
export const ZRecordFileList = z.object({ records: z.array(ZRecordFile), total_records: z.number().int(), total_pages: z.number().int() });
export type TRecordFileList = z.infer<typeof ZRecordFileList>;

export const ZListRecordFilesQuery = z.object({
  /** Comma-joined kinds (photo, document, drawing); absent or empty: all. */
  type: commaList(RECORD_FILE_KINDS, 'Types').optional(),
  keyword,
  skip,
  limit: pageLimit(ATTACHMENT_LIMITS.pageSize),
});
export type TListRecordFilesQuery = z.infer<typeof ZListRecordFilesQuery>;

// ---- the map file search ----

export const ZFileLocation = z.object({
  /** SVY21 metres. */
  easting: z.number(),
  northing: z.number(),
  /** WGS84, computed. */
  latitude: z.number(),
  longitude: z.number(),
});
export type TFileLocation = z.infer<typeof ZFileLocation>;

export const ZFileSearchResult = z.object({
  kind: z.enum(ATTACHMENT_KINDS),
  file_id: z.number().int(),
  file_name: z.string(),
  file_type: z.enum(FILE_TYPES),
  size: z.number().int(),
  created: z.string(),
  uploader_email: z.string(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  can_delete: z.boolean(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  record: z.object({
    category: z.string(),
    ref_id: z.number().int(),
    /** What people call the record (an instrument's name, a site's name, a contract's number). */
    title: z.string(),
    /** Web path of the record's detail page (without language prefix and query string). */
    path: z.string(),
  }),
  /** The record's location when it has one (instruments do); null otherwise (not on the map). */
  location: ZFileLocation.nullable(),
});
export type TFileSearchResult = z.infer<typeof ZFileSearchResult>;
export const ZFileSearchList = z.object({ records: z.array(ZFileSearchResult), total_records: z.number().int() });
export type TFileSearchList = z.infer<typeof ZFileSearchList>;

export const ZFileSearchQuery = z.object({
  /** File name, record title or uploader e-mail. */
  keyword,
  /** photo or document; absent: both. */
  kind: z.enum(ATTACHMENT_KINDS, 'Kind is photo or document').optional(),
  /** Comma-joined file types (png, jpg, gif, pdf, docx, doc, xlsx, xls); absent or empty: all. */
  types: commaList(FILE_TYPES, 'Types').optional(),
  /** Uploaded from/to (YYYY-MM-DD: whole days; or ISO date-times). */
  from: dateBound,
  to: dateBound,
  /** `minE,minN,maxE,maxN` in SVY21 metres: only files whose record lies inside (records without location drop out). */
  bbox: ZBboxQuery.optional(),
  /** A JSON list of contract ids (or comma-separated); ids outside the caller's contracts are ignored. Absent: all visible. */
  contracts: ZIdListQuery.optional(),
  /** Only records of this category. */
  category: ZRecordCategory.optional(),
  skip,
  limit: pageLimit(100, 1000),
});
export type TFileSearchQuery = z.infer<typeof ZFileSearchQuery>;

// ---- upload pages: /upload/document (other files of a contract) and /upload/map (drawings to base map) ----

/** A document attached to a contract (category `contract`), as the /upload/document history lists it. */
export const ZContractDocument = ZDocument.extend({ contract_id: z.number().int(), contract_no: z.string() });
export type TContractDocument = z.infer<typeof ZContractDocument>;
export const ZContractDocumentList = z.object({ records: z.array(ZContractDocument), total_records: z.number().int() });
export type TContractDocumentList = z.infer<typeof ZContractDocumentList>;

export const ZDocumentHistoryQuery = z.object({
  keyword,
  from: dateBound,
  to: dateBound,
  contract_id: ZIdText.optional(),
  skip,
  limit: pageLimit(ATTACHMENT_LIMITS.pageSize, 1000),
});
export type TDocumentHistoryQuery = z.infer<typeof ZDocumentHistoryQuery>;

/** Files accepted as drawings to base map: they become map overlays. */
export const MAP_UPLOAD_EXTENSIONS = ['geojson', 'json', 'kml'] as const;
export const MAP_UPLOAD_ACCEPT = MAP_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The text fields of `POST /uploads/map` (multipart, besides the file). */
export const ZMapUploadFields = z.object({
  /** The new layer's name; default: the file name without extension. */
  name: z.string().trim().max(100, 'Name must be at most 100 characters').optional(),
});
export type TMapUploadFields = z.infer<typeof ZMapUploadFields>;

export const ZMapUpload = z.object({
  upload_id: z.number().int(),
  /** The overlay made from the file; null once that layer was deleted. */
  layer_id: z.number().int().nullable(),
  layer_name: z.string(),
  file_name: z.string(),
  file_type: z.enum(['geojson', 'kml']),
  size: z.number().int(),
  created: z.string(),
  uploader_email: z.string(),
});
export type TMapUpload = z.infer<typeof ZMapUpload>;
export const ZMapUploadList = z.object({ records: z.array(ZMapUpload), total_records: z.number().int() });
export type TMapUploadList = z.infer<typeof ZMapUploadList>;

export const ZMapUploadHistoryQuery = z.object({
  keyword,
  from: dateBound,
  to: dateBound,
  skip,
  limit: pageLimit(ATTACHMENT_LIMITS.pageSize, 1000),
});
export type TMapUploadHistoryQuery = z.infer<typeof ZMapUploadHistoryQuery>;
