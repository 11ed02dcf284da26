import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateInstrumentRequest,
  ZDryRunQuery,
  ZFileFormatQuery,
  ZIdParam,
  ZImportResult,
  ZInstrument,
  ZInstrumentExportQuery,
  ZInstrumentList,
  ZInstrumentThresholds,
  ZListInstrumentsQuery,
  ZOk,
  ZSetThresholdsRequest,
  ZThresholdExportQuery,
  ZUpdateInstrumentRequest,
} from '@strata/shared';
import { attachment, MIME } from '../../lib/content-disposition.js';
import { readSingleUpload, uploadLimit } from '../../lib/upload.js';
import { requireActor } from '../../plugins/route-config.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { InstrumentImportService } from './instrument-import.service.js';
import { filterOf, type InstrumentsService } from './instruments.service.js';

export interface InstrumentsRoutesOptions {
  instruments: InstrumentsService;
  instrumentImport: InstrumentImportService;
  settings: SettingsService;
}

const stamp = () => new Date().toISOString().slice(0, 10);

export const instrumentsRoutes: FastifyPluginAsyncZod<InstrumentsRoutesOptions> = async (app, { instruments, instrumentImport, settings }) => {
  const tags = ['instruments'];
  const params = { params: ZIdParam };
  const manage = { permissions: ['ManageInstruments'] as const };

  app.get(
    '/instruments',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: "Instruments of the caller's contracts: keyword, type, zone, contract(s), status, bbox (SVY21)",
        querystring: ZListInstrumentsQuery,
        response: { 200: ZInstrumentList },
      },
    },
    (req) => instruments.list(requireActor(req.actor), req.query),
  );

  // ---- bulk import / export (upload type instrument-plan) ----
  app.get(
    '/instruments/import/template',
    {
      config: manage,
      schema: { tags, summary: 'The instrument import template (CSV or XLSX)', querystring: ZFileFormatQuery },
    },
    async (req, reply) => {
      const body = await instrumentImport.template('instruments', req.query.format);
      return reply
        .header('content-type', MIME[req.query.format])
        .header('content-disposition', attachment(`instrument-import-template.${req.query.format}`))
        .send(body);
    },
  );

  app.post(
    '/instruments/import',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Import instruments from one CSV/XLSX file: a per-row report; nothing is written unless every row is valid (nothing on dry_run)',
        querystring: ZDryRunQuery,
        response: { 200: ZImportResult },
      },
    },
    async (req) => {
      const file = await readSingleUpload(req, uploadLimit(await settings.get(), 'instrument-plan'));
      return instrumentImport.importInstruments(requireActor(req.actor), file, req.query.dry_run);
    },
  );

  app.get(
    '/instruments/export',
    {
      config: manage,
      schema: { tags, summary: "Export the caller's instruments (list filters) as CSV or XLSX, in the import format", querystring: ZInstrumentExportQuery },
    },
    async (req, reply) => {
      const { format, ...filters } = req.query;
      const body = await instrumentImport.exportInstruments(requireActor(req.actor), filterOf(filters), format);
      return reply
        .header('content-type', MIME[format])
        .header('content-disposition', attachment(`instruments-${stamp()}.${format}`))
        .send(body);
    },
  );

  app.get(
    '/thresholds/import/template',
    {
      config: manage,
      schema: { tags, summary: 'The threshold import template (CSV or XLSX)', querystring: ZFileFormatQuery },
    },
    async (req, reply) => {
      const body = await instrumentImport.template('thresholds', req.query.format);
      return reply
        .header('content-type', MIME[req.query.format])
        .header('content-disposition', attachment(`threshold-import-template.${req.query.format}`))
        .send(body);
    },
  );

  app.post(
    '/thresholds/import',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Import thresholds (contract, instrument, reading_code, level, upper, lower): sets those given; nothing is written unless every row is valid',
        querystring: ZDryRunQuery,
        response: { 200: ZImportResult },
      },
    },
    async (req) => {
      const file = await readSingleUpload(req, uploadLimit(await settings.get(), 'instrument-plan'));
      return instrumentImport.importThresholds(requireActor(req.actor), file, req.query.dry_run);
    },
  );

  app.get(
    '/thresholds/export',
    {
      config: manage,
      schema: {
        tags,
        summary: "Export the thresholds of the caller's instruments (optionally one contract), in the import format",
        querystring: ZThresholdExportQuery,
      },
    },
    async (req, reply) => {
      const body = await instrumentImport.exportThresholds(requireActor(req.actor), req.query.contract_id, req.query.format);
      return reply
        .header('content-type', MIME[req.query.format])
        .header('content-disposition', attachment(`thresholds-${stamp()}.${req.query.format}`))
        .send(body);
    },
  );

  // ---- one instrument ----
  app.get(
    '/instruments/:id',
    {
      config: { permissions: [] },
      schema: { tags, summary: 'An instrument (SVY21 and WGS84)', ...params, response: { 200: ZInstrument } },
    },
    (req) => instruments.get(requireActor(req.actor), req.params.id),
  );

  app.post(
    '/instruments',
    {
      config: manage,
      schema: { tags, summary: 'Create an instrument (location in SVY21, or WGS84 converted)', body: ZCreateInstrumentRequest, response: { 200: ZInstrument } },
    },
    (req) => instruments.create(requireActor(req.actor), req.body),
  );

  app.put(
    '/instruments/:id',
    {
      config: manage,
      schema: { tags, summary: 'Edit an instrument (fields given change)', ...params, body: ZUpdateInstrumentRequest, response: { 200: ZInstrument } },
    },
    (req) => instruments.update(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/instruments/:id',
    {
      config: manage,
      schema: { tags, summary: 'Delete an instrument with its thresholds and readings', ...params, response: { 200: ZOk } },
    },
    (req) => instruments.remove(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/instruments/:id/thresholds',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: 'Thresholds of an instrument: per reading code and level, upper and/or lower',
        ...params,
        response: { 200: ZInstrumentThresholds },
      },
    },
    (req) => instruments.thresholds(requireActor(req.actor), req.params.id),
  );

  app.put(
    '/instruments/:id/thresholds',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Replace the thresholds of an instrument (audited before/after)',
        ...params,
        body: ZSetThresholdsRequest,
        response: { 200: ZInstrumentThresholds },
      },
    },
    (req) => instruments.setThresholds(requireActor(req.actor), req.params.id, req.body),
  );
};
