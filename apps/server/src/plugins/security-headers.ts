import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * HSTS, CSP (object-src 'none', base-uri 'none', frame-ancestors 'none'), nosniff, Referrer-Policy and helmet's other
 * defaults on every response. Helmet's middleware is built once here: the Fastify wrapper (@fastify/helmet) built it
 * again on every request, CSP parsing included — some 50 µs of every answer (docs/benchmarks.md).
 */
const setSecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion) injects style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});

/**
 * Headers that govern a document (what it may load, frame or embed, where it sends its referrer): a script or a style
 * sheet is never a document — opened directly, nosniff keeps it plain text — so they are left off JavaScript and CSS
 * responses. nosniff, HSTS and Cross-Origin-Resource-Policy stay. About 650 bytes off each of the 20-odd scripts of
 * the sign-in page (docs/benchmarks.md, page weight). The content type decides, not the path: an unknown
 * `/assets/…` address answers a plain-text 404, which keeps every header.
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const SUBRESOURCE_TYPE = /^(?:text|application)\/(?:javascript|css)\b/;

export const securityHeadersPlugin = fp(async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
  // Callback style, as the hook above: it runs on every answer, and an async hook adds a promise to each.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type') ?? reply.raw.getHeader('content-type');
    if (typeof type === 'string' && SUBRESOURCE_TYPE.test(type)) for (const name of DOCUMENT_ONLY) reply.raw.removeHeader(name);
    done(null, payload);
  });
});
