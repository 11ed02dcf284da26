import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { BUILD } from '../modules/system/build-info.js';

/** The OpenAPI document, generated from the zod route schemas: browsable at /api/docs, JSON at /api/docs/json. */
export const docsPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Strata API', version: BUILD.version, description: 'Tunnel and construction-site monitoring' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (scope) => {
    // The documentation pages are public: mark every route this scope registers.
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
});
