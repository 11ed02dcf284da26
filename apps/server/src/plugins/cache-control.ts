import fp from 'fastify-plugin';
import './route-config.js';

/** What an API answer gets unless its route declares otherwise: nothing of it is kept by a browser or a proxy. */
export const API_CACHE_CONTROL = 'no-store';

/** An API address (`/api/v1/…`, and unknown `/api/…` ones); the OpenAPI pages under `/api/docs` keep their own headers. */
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Cache-Control on every API answer: the route's declared `config.cacheControl` on its successful answers (a
 * thumbnail, a profile picture), `no-store` on everything else — other answers, errors, 404s of unknown API addresses,
 * the 503s of a draining instance. A header a handler set is replaced: the route's declaration is the only source,
 * so the test that walks the route table knows what each answer must carry. The static web app has its own headers
 * (plugins/web.ts).
 */
export const cacheControlPlugin = fp(async (app) => {
  // Callback style: it runs on every answer, and an async hook adds a promise to each.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApi(request.url)) {
      const declared = request.routeOptions.config?.cacheControl;
      const ok = reply.statusCode >= 200 && reply.statusCode < 300;
      reply.header('cache-control', ok && declared ? declared : API_CACHE_CONTROL);
    }
    done(null, payload);
  });
});
