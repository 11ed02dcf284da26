import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The body of security.txt's 404 while no contact is set up. */
export const SECURITY_CONTACT_UNSET = 'No security contact is set up on this server (SECURITY_CONTACT).';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The address of a file rather than a page: anything under /assets/, or a name ending in a static file's extension.
 * A missing one answers 404: index.html in its place would be a 200 of HTML that the browser fails to run as a script
 * or style sheet, and that a cache could keep under the asset's name.
 */
const ASSET_PATH = /^\/assets\/|\.(?:m?js|css|map|json|webmanifest|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|wasm|txt|br|gz)$/i;

/**
 * The built web app, and what unknown paths answer: 404 JSON under /api, a plain 404 for a missing asset (ASSET_PATH),
 * otherwise the web app's index.html (the client router shows its own 404 page). Also `/.well-known/security.txt`, with the `SECURITY_CONTACT` setting as
 * its contact; without one it answers 404 (RFC 9116 requires a contact), and the web's security page says none is set.
 */
export const webPlugin = fp<{ webDist?: string | undefined; securityContact?: string | undefined }>(async (app, opts) => {
  const root = path.resolve(opts.webDist ?? DEFAULT_WEB_DIST);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes a brotli (.br) and a gzip (.gz) copy beside each text asset over 1 KiB (vite.config.ts):
      // sent by Accept-Encoding with the original's content type, the file as it is otherwise.
      preCompressed: true,
      // Hashed build assets never change; the other files (icons, manifest) are kept an hour.
      cacheControl: false,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // The body depends on Accept-Encoding: a shared cache must not hand a brotli body to a client without it.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
    // A hashed asset is cached for good and never revalidated, so its validators (ETag, Last-Modified) and range
    // support are bytes for nothing on each of the 20-odd scripts a page loads (docs/benchmarks.md, page weight).
    app.addHook('onSend', (_request, reply, payload, done) => {
      const cacheControl = reply.getHeader('cache-control');
      if (typeof cacheControl === 'string' && cacheControl.includes('immutable')) {
        reply.removeHeader('etag');
        reply.removeHeader('last-modified');
        reply.removeHeader('accept-ranges');
      }
      done(null, payload);
    });
  }

  app.get('/.well-known/security.txt', { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    if (!opts.securityContact) {
      return reply.status(404).type('text/plain; charset=utf-8').send(`${SECURITY_CONTACT_UNSET}\n`);
    }
    const origin = `${req.protocol}://${req.host}`;
    const expires = new Date(Date.now() + 365 * 86_400_000).toISOString();
    return reply
      .type('text/plain; charset=utf-8')
      .send(`Contact: ${opts.securityContact}\nExpires: ${expires}\nPolicy: ${origin}/en/security\nPreferred-Languages: en, zh\n`);
  });

  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.status(404).type('application/json').send(JSON.stringify('Not found'));
    const pathname = req.url.split('?')[0] ?? '';
    if (ASSET_PATH.test(pathname)) {
      // Not kept anywhere: during a deployment the file may be there a moment later.
      return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && hasWeb) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).type('application/json').send(JSON.stringify('Not found'));
  });
});
