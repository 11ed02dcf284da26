import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZContractDocumentList,
  ZDocument,
  ZDocumentHistoryQuery,
  ZDocumentList,
  ZFileIdParams,
  ZFileSearchList,
  ZFileSearchQuery,
  ZListDocumentsQuery,
  ZListPhotosQuery,
  ZListRecordFilesQuery,
  ZMapUpload,
  ZMapUploadFields,
  ZMapUploadHistoryQuery,
  ZMapUploadList,
  ZOk,
  ZPhoto,
  ZPhotoFileQuery,
  ZPhotoList,
  ZRecordFileList,
  ZRecordParams,
} from '@strata/shared';
import { attachment, inline } from '../../lib/content-disposition.js';
import { parseOrBadRequest } from '../../lib/filters.js';
import { readSingleUpload, uploadLimit } from '../../lib/upload.js';
import { requireActor } from '../../plugins/route-config.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { AttachmentsService } from './attachments.service.js';
import type { FileSearchService } from './file-search.service.js';

/**
 * Photos, documents and files of every record, the map file search and the /upload/document and /upload/map pages'
 * calls (decision 014). Signed-in users only; what they may reach is decided per record by the services.
 */
export const attachmentsRoutes: FastifyPluginAsyncZod<{ attachments: AttachmentsService; fileSearch: FileSearchService; settings: SettingsService }> = async (
  app,
  { attachments, fileSearch, settings },
) => {
  const tags = ['attachments'];
  const signedIn = { permissions: [] as const };
  const download = { permissions: [] as const, resourceToken: true };

  // ---- photos ----
  app.post(
    '/photos/:category/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Attach a photo (.png .jpg .jpeg .gif, checked by content) to a record; multipart, one file',
        params: ZRecordParams,
        response: { 200: ZPhoto },
      },
    },
    async (req) => {
      const actor = requireActor(req.actor);
      const record = await attachments.attachTarget(actor, req.params.category, req.params.id);
      const file = await readSingleUpload(req, await attachments.maxBytes('photo'), { preservePath: true });
      return attachments.upload(actor, 'photo', record, file);
    },
  );

  app.get(
    '/photos/:category/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "A record's photos, newest first (keyword: file name or uploader e-mail)",
        params: ZRecordParams,
        querystring: ZListPhotosQuery,
        response: { 200: ZPhotoList },
      },
    },
    (req) => attachments.listPhotos(requireActor(req.actor), req.params.category, req.params.id, req.query),
  );

  app.get(
    '/photos/:file_id',
    {
      // Thumbnails are made once and never change; the photo viewer shows the original again and again.
      config: { ...download, cacheControl: 'private, max-age=3600' },
      schema: {
        tags,
        summary: 'A photo: the original (attachment), or with `size` a thumbnail (WebP, kept once made); `?_token=` the resource token',
        params: ZFileIdParams,
        querystring: ZPhotoFileQuery,
      },
    },
    async (req, reply) => {
      const f = await attachments.photoFile(requireActor(req.actor), req.params.file_id, req.query.size);
      return reply
        .header('content-type', f.contentType)
        .header('content-disposition', (f.thumbnail ? inline : attachment)(f.fileName))
        .send(f.data);
    },
  );

  app.delete(
    '/photos/:file_id',
    {
      config: signedIn,
      schema: { tags, summary: "Delete a photo (its uploader, or a holder of the record's manage permission)", params: ZFileIdParams, response: { 200: ZOk } },
    },
    (req) => attachments.remove(requireActor(req.actor), 'photo', req.params.file_id),
  );

  // ---- documents ----
  app.post(
    '/documents/:category/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Attach a document (.pdf .docx .doc .xlsx .xls, checked by content) to a record; multipart, one file',
        params: ZRecordParams,
        response: { 200: ZDocument },
      },
    },
    async (req) => {
      const actor = requireActor(req.actor);
      const record = await attachments.attachTarget(actor, req.params.category, req.params.id);
      const file = await readSingleUpload(req, await attachments.maxBytes('document'), { preservePath: true });
      return attachments.upload(actor, 'document', record, file);
    },
  );

  app.get(
    '/documents/:category/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "A record's documents, newest first (keyword; types comma-joined)",
        params: ZRecordParams,
        querystring: ZListDocumentsQuery,
        response: { 200: ZDocumentList },
      },
    },
    (req) => attachments.listDocuments(requireActor(req.actor), req.params.category, req.params.id, req.query),
  );

  app.get(
    '/documents/:file_id',
    {
      config: download,
      schema: { tags, summary: 'Download a document under its original name (`?_token=` the resource token)', params: ZFileIdParams },
    },
    async (req, reply) => {
      const f = await attachments.documentFile(requireActor(req.actor), req.params.file_id);
      return reply.header('content-type', f.contentType).header('content-disposition', attachment(f.fileName)).send(f.data);
    },
  );

  app.delete(
    '/documents/:file_id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Delete a document (its uploader, or a holder of the record's manage permission)",
        params: ZFileIdParams,
        response: { 200: ZOk },
      },
    },
    (req) => attachments.remove(requireActor(req.actor), 'document', req.params.file_id),
  );

  // ---- files ----
  app.get(
    '/files/search',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Map file search: photos and documents of the caller's contracts with their record and its location",
        querystring: ZFileSearchQuery,
        response: { 200: ZFileSearchList },
      },
    },
    (req) => fileSearch.search(requireActor(req.actor), req.query),
  );

  app.get(
    '/files/:category/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Every file of a record: photos, documents and (construction sites) drawings; type: comma-joined kinds',
        params: ZRecordParams,
        querystring: ZListRecordFilesQuery,
        response: { 200: ZRecordFileList },
      },
    },
    (req) => attachments.listFiles(requireActor(req.actor), req.params.category, req.params.id, req.query),
  );

  // ---- upload pages ----
  app.get(
    '/uploads/document/history',
    {
      config: { permissions: ['UploadOtherFiles', 'DeleteOtherFiles'] },
      schema: {
        tags,
        summary: "Other files: documents of the caller's contracts (upload with POST /documents/contract/{contract_id})",
        querystring: ZDocumentHistoryQuery,
        response: { 200: ZContractDocumentList },
      },
    },
    (req) => fileSearch.documentHistory(requireActor(req.actor), req.query),
  );

  app.post(
    '/uploads/map',
    {
      config: { permissions: ['UploadDrawingtoBaseMap', 'ManageMapLayers'] },
      schema: {
        tags,
        summary: 'Upload a drawing to the base map: a GeoJSON or KML file becomes a map overlay; multipart, one file and `name`',
        response: { 200: ZMapUpload },
      },
    },
    async (req) => {
      const actor = requireActor(req.actor);
      const file = await readSingleUpload(req, uploadLimit(await settings.get(), 'map'), { preservePath: true });
      return fileSearch.uploadMap(actor, parseOrBadRequest(ZMapUploadFields, file.fields), file);
    },
  );

  app.get(
    '/uploads/map/history',
    {
      config: { permissions: ['UploadDrawingtoBaseMap', 'ManageMapLayers'] },
      schema: {
        tags,
        summary: 'Drawings uploaded to the base map, newest first (keyword, from, to)',
        querystring: ZMapUploadHistoryQuery,
        response: { 200: ZMapUploadList },
      },
    },
    (req) => fileSearch.mapHistory(req.query),
  );
};
