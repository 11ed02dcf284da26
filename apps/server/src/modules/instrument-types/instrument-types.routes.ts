import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAlertLevel,
  ZAlertLevelBody,
  ZAlertLevelList,
  ZAlertLevelUpdate,
  ZCreateInstrumentTypeRequest,
  ZIdParam,
  ZIdText,
  ZInstrumentCategory,
  ZInstrumentCategoryBody,
  ZInstrumentCategoryList,
  ZInstrumentIconRequest,
  ZInstrumentIcons,
  ZInstrumentType,
  ZInstrumentTypeList,
  ZOk,
  ZReadingCode,
  ZReadingCodeBody,
  ZReadingCodeUpdate,
  ZTypeCodeParam,
  ZUpdateInstrumentTypeRequest,
} from '@strata/shared';
import { z } from 'zod';
import { requireActor } from '../../plugins/route-config.js';
import type { InstrumentTypesService } from './instrument-types.service.js';

/** Instrument categories, types, reading codes, alert levels and icons: read by every signed-in user, changed with ManageInstruments. */
export const instrumentTypesRoutes: FastifyPluginAsyncZod<{ instrumentTypes: InstrumentTypesService }> = async (app, { instrumentTypes: svc }) => {
  const tags = ['instrument-types'];
  const params = { params: ZIdParam };
  const manage = { permissions: ['ManageInstruments'] as const };

  // ---- categories ----
  app.get(
    '/instrument-categories',
    {
      config: { permissions: [] },
      schema: { tags, summary: 'Instrument categories', response: { 200: ZInstrumentCategoryList } },
    },
    () => svc.categories(),
  );

  app.post(
    '/instrument-categories',
    {
      config: manage,
      schema: { tags, summary: 'Add a category', body: ZInstrumentCategoryBody, response: { 200: ZInstrumentCategory } },
    },
    (req) => svc.createCategory(requireActor(req.actor), req.body),
  );

  app.put(
    '/instrument-categories/:id',
    {
      config: manage,
      schema: { tags, summary: 'Rename a category', ...params, body: ZInstrumentCategoryBody, response: { 200: ZInstrumentCategory } },
    },
    (req) => svc.updateCategory(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/instrument-categories/:id',
    {
      config: manage,
      schema: { tags, summary: 'Delete a category (its types stay, without a category)', ...params, response: { 200: ZOk } },
    },
    (req) => svc.deleteCategory(requireActor(req.actor), req.params.id),
  );

  // ---- types ----
  app.get(
    '/instrument-types',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: 'Instrument types with their reading codes',
        querystring: z.object({ category_id: ZIdText.optional() }),
        response: { 200: ZInstrumentTypeList },
      },
    },
    (req) => svc.types(req.query.category_id),
  );

  app.get(
    '/instrument-types/:id',
    {
      config: { permissions: [] },
      schema: { tags, summary: 'An instrument type', ...params, response: { 200: ZInstrumentType } },
    },
    (req) => svc.type(req.params.id),
  );

  app.post(
    '/instrument-types',
    {
      config: manage,
      schema: { tags, summary: 'Create an instrument type (with reading codes)', body: ZCreateInstrumentTypeRequest, response: { 200: ZInstrumentType } },
    },
    (req) => svc.createType(requireActor(req.actor), req.body),
  );

  app.put(
    '/instrument-types/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Edit an instrument type (fields given change)',
        ...params,
        body: ZUpdateInstrumentTypeRequest,
        response: { 200: ZInstrumentType },
      },
    },
    (req) => svc.updateType(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/instrument-types/:id',
    {
      config: manage,
      schema: { tags, summary: 'Delete an instrument type (409 while instruments are of it)', ...params, response: { 200: ZOk } },
    },
    (req) => svc.deleteType(requireActor(req.actor), req.params.id),
  );

  // ---- reading codes ----
  app.post(
    '/instrument-types/:id/reading-codes',
    {
      config: manage,
      schema: { tags, summary: 'Add a reading code to a type', ...params, body: ZReadingCodeBody, response: { 200: ZReadingCode } },
    },
    (req) => svc.addReadingCode(requireActor(req.actor), req.params.id, req.body),
  );

  app.put(
    '/reading-codes/:id',
    {
      config: manage,
      schema: { tags, summary: 'Edit a reading code', ...params, body: ZReadingCodeUpdate, response: { 200: ZReadingCode } },
    },
    (req) => svc.updateReadingCode(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/reading-codes/:id',
    {
      config: manage,
      schema: { tags, summary: 'Delete a reading code (409 while thresholds or readings use it)', ...params, response: { 200: ZOk } },
    },
    (req) => svc.deleteReadingCode(requireActor(req.actor), req.params.id),
  );

  // ---- alert levels ----
  app.get(
    '/alert-levels',
    {
      config: { permissions: [] },
      schema: { tags, summary: 'Alert levels, in order', response: { 200: ZAlertLevelList } },
    },
    () => svc.levels(),
  );

  app.post(
    '/alert-levels',
    {
      config: manage,
      schema: { tags, summary: 'Add an alert level', body: ZAlertLevelBody, response: { 200: ZAlertLevel } },
    },
    (req) => svc.createLevel(requireActor(req.actor), req.body),
  );

  app.put(
    '/alert-levels/:id',
    {
      config: manage,
      schema: { tags, summary: 'Edit an alert level', ...params, body: ZAlertLevelUpdate, response: { 200: ZAlertLevel } },
    },
    (req) => svc.updateLevel(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/alert-levels/:id',
    {
      config: manage,
      schema: { tags, summary: 'Delete an alert level (409 while thresholds are set at it)', ...params, response: { 200: ZOk } },
    },
    (req) => svc.deleteLevel(requireActor(req.actor), req.params.id),
  );

  // ---- icons ----
  app.get(
    '/master-data/icons',
    {
      config: manage,
      schema: { tags, summary: 'Instrument icons: the built-in icons, each type’s icon and the level colours', response: { 200: ZInstrumentIcons } },
    },
    () => svc.icons(),
  );

  app.put(
    '/master-data/icons/:type_code',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Set the icon of an instrument type',
        params: ZTypeCodeParam,
        body: ZInstrumentIconRequest,
        response: { 200: ZInstrumentIcons },
      },
    },
    (req) => svc.setIcon(requireActor(req.actor), req.params.type_code, req.body),
  );
};
