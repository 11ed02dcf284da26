// Import boundaries of the house (ARCHITECTURE.md "Rules of the house"), checked on resolved paths:
// - packages/shared imports nothing from apps/;
// - apps do not import each other;
// - in apps/web/src: components/ and lib/ import no feature and not app/; a feature imports no other feature and not app/;
// - in apps/server/src (layers: routes -> services -> repositories -> db):
//   - drizzle-orm (any subpath) and db/schema are data access: only repositories (`*.repository.ts`), db/, platform/,
//     seed/, testing/ and test or seed code (`*.test.ts`, `*.test-support.ts`, `*.seed.ts`: they build and inspect
//     fixtures, the demo seed writes its rows directly, as seed/ does) import them;
//   - routes (`*.routes.ts`) import no repository (of their module or another): they call services;
//   - a module reaches another module through its service or another public file, never its repositories
//     (`../<other>/*.repository.ts`), so that each module's tables have one owner (tests and seeds, which build
//     fixtures across modules, may).
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const rel = (p) => path.relative(ROOT, p).split(path.sep).join('/');

function area(file) {
  const r = rel(file);
  let m;
  if (r.startsWith('packages/shared/')) return { kind: 'shared' };
  if ((m = r.match(/^apps\/web\/src\/features\/([^/]+)\//))) return { kind: 'feature', feature: m[1] };
  if (/^apps\/web\/src\/(components|lib)\//.test(r)) return { kind: 'web-lib' };
  if (r.startsWith('apps/web/src/app/')) return { kind: 'web-app' };
  if (r.startsWith('apps/web/')) return { kind: 'web' };
  if (r.startsWith('apps/server/')) return { kind: 'server', ...serverArea(r) };
  return { kind: 'other' };
}

/** Where a file sits in the server's layers: its module (when under modules/) and its role. */
function serverArea(r) {
  const file = r.replace(/\.js$/, '.ts');
  const name = file.slice(file.lastIndexOf('/') + 1);
  const module = file.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
  const schema = /^apps\/server\/src\/db\/schema(\/|\.ts$|$)/.test(file);
  const testOrSeed = /\.(test|pg\.test|test-support|seed)\.ts$/.test(name);
  const platform = /^apps\/server\/src\/(db|platform|seed|testing)\//.test(file);
  return {
    module,
    schema,
    repository: name.endsWith('.repository.ts'),
    routes: name.endsWith('.routes.ts'),
    testOrSeed,
    dataAccess: testOrSeed || platform || name.endsWith('.repository.ts'),
  };
}

const PACKAGE_AREAS = { '@strata/server': 'server', '@strata/web': 'web' };

function violation(from, to) {
  if (from.kind === 'shared' && ['server', 'web', 'web-app', 'feature', 'web-lib'].includes(to.kind)) return 'packages/shared must not import from apps/';
  const fromWeb = ['web', 'web-app', 'feature', 'web-lib'].includes(from.kind);
  const toWeb = ['web', 'web-app', 'feature', 'web-lib'].includes(to.kind);
  if ((from.kind === 'server' && toWeb) || (fromWeb && to.kind === 'server')) return 'apps must not import each other';
  if (from.kind === 'web-lib' && (to.kind === 'feature' || to.kind === 'web-app')) return 'components/ and lib/ must not import features or app/';
  if (from.kind === 'feature' && to.kind === 'web-app') return 'a feature must not import app/';
  if (from.kind === 'feature' && to.kind === 'feature' && to.feature !== from.feature)
    return `feature "${from.feature}" must not import feature "${to.feature}" (lift shared code down)`;
  if (from.kind === 'server' && to.kind === 'server') return serverViolation(from, to);
  return undefined;
}

function serverViolation(from, to) {
  if (to.schema && !from.dataAccess) return 'db/schema is data access: only repositories, db/, platform/, seed/ and tests import it';
  if (to.repository && from.routes) return 'routes call services, never a repository';
  if (to.repository && from.module && to.module && to.module !== from.module && !from.testOrSeed)
    return `module "${from.module}" must reach module "${to.module}" through its service, not its repository`;
  return undefined;
}

export const importBoundaries = {
  meta: { type: 'problem', schema: [], messages: { boundary: '{{why}}: {{source}}' } },
  create(context) {
    const file = context.filename;
    const from = area(file);
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      let to;
      if (source.startsWith('.')) to = area(path.resolve(path.dirname(file), source));
      else if (source.startsWith('@/')) to = area(path.join(ROOT, 'apps/web/src', source.slice(2)));
      else if (source === 'drizzle-orm' || source.startsWith('drizzle-orm/')) {
        if (from.kind === 'server' && !from.dataAccess)
          context.report({
            node,
            messageId: 'boundary',
            data: { why: 'drizzle-orm is data access: only repositories, db/, platform/, seed/ and tests import it', source },
          });
        return;
      } else {
        const pkg = Object.keys(PACKAGE_AREAS).find((p) => source === p || source.startsWith(`${p}/`));
        if (!pkg) return;
        to = { kind: PACKAGE_AREAS[pkg] };
      }
      const why = violation(from, to);
      if (why) context.report({ node, messageId: 'boundary', data: { why, source } });
    };
    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
    };
  },
};
