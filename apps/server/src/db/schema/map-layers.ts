import { boolean, doublePrecision, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Map layers (issue 6): base maps, overlays and station layers in `sort_order`; a GeoJSON/KML layer may be an uploaded
 * file. `kind` is unconstrained text in the database (the API checks it), so `stations` needed no migration.
 */
export const mapLayers = pgTable('map_layers', {
  layerId: serial('layer_id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['base', 'overlay', 'stations'] }).notNull(),
  source: text('source', { enum: ['xyz', 'wmts', 'wms', 'geojson', 'kml'] }).notNull(),
  url: text('url'),
  layerName: text('layer_name'),
  fileName: text('file_name'),
  fileKey: text('file_key'),
  sortOrder: integer('sort_order').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
  opacity: doublePrecision('opacity').notNull().default(1),
  attribution: text('attribution').notNull().default(''),
  minZoom: smallint('min_zoom'),
  maxZoom: smallint('max_zoom'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
