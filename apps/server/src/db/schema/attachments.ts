import { bigint, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { mapLayers } from './map-layers.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Photos and documents attached to a record (issue 8), generic over (category, ref_id): no foreign key to the record,
 * which lives in its own module's table; every read resolves the record first (modules/records), so a file is reachable
 * only through a record the caller may see. The bytes live in storage under a generated `storage_key`; `file_name` is
 * the uploader's name, kept for downloads.
 */
export const attachments = pgTable(
  'attachments',
  {
    fileId: serial('file_id').primaryKey(),
    kind: text('kind', { enum: ['photo', 'document'] }).notNull(),
    category: text('category').notNull(),
    refId: integer('ref_id').notNull(),
    fileName: text('file_name').notNull(),
    /** png, jpg, gif, pdf, docx, doc, xlsx, xls: what the content was found to be. */
    fileType: text('file_type').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** Photos: pixel dimensions read from the image header. */
    width: integer('width'),
    height: integer('height'),
    uploadedBy: integer('uploaded_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('attachments_record_idx').on(t.category, t.refId, t.kind, t.createdAt), index('attachments_created_idx').on(t.createdAt)],
);

/** Thumbnails of a photo, one per size, generated on first request and kept (removed with the photo). */
export const attachmentThumbnails = pgTable(
  'attachment_thumbnails',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => attachments.fileId, { onDelete: 'cascade' }),
    size: smallint('size').notNull(),
    storageKey: text('storage_key').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.size] })],
);

/** Drawings uploaded to the base map (/upload/map): each became a map overlay; the history outlives the layer. */
export const mapUploads = pgTable(
  'map_uploads',
  {
    uploadId: serial('upload_id').primaryKey(),
    layerId: integer('layer_id').references(() => mapLayers.layerId, { onDelete: 'set null' }),
    layerName: text('layer_name').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type', { enum: ['geojson', 'kml'] }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('map_uploads_created_idx').on(t.createdAt)],
);
