import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { importBoundaries } from './eslint-import-boundaries.js';

// RuleTester reports through the test framework's describe/it when given them.
RuleTester.describe = describe;
RuleTester.it = it;

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const server = (file) => path.join(ROOT, 'apps/server/src', file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });
const error = (message) => ({ message });

tester.run('import-boundaries (server layers)', importBoundaries, {
  valid: [
    { name: 'a route imports its service', filename: server('modules/sites/sites.routes.ts'), code: "import { listSites } from './sites.service.js';" },
    {
      name: 'a service imports its repository',
      filename: server('modules/sites/sites.service.ts'),
      code: "import { listSites } from './sites.repository.js';",
    },
    {
      name: 'a repository imports drizzle-orm and the schema',
      filename: server('modules/sites/sites.repository.ts'),
      code: "import { eq } from 'drizzle-orm';\nimport { sites } from '../../db/schema/index.js';",
    },
    {
      name: 'db/ builds on drizzle-orm',
      filename: server('db/scope.ts'),
      code: "import { sql } from 'drizzle-orm';\nimport { userContracts } from './schema/index.js';",
    },
    { name: 'platform/ uses drizzle-orm', filename: server('platform/jobs.ts'), code: "import { sql } from 'drizzle-orm';" },
    {
      name: 'a test reads tables directly',
      filename: server('modules/sites/sites.test.ts'),
      code: "import { eq } from 'drizzle-orm';\nimport { sites } from '../../db/schema/index.js';",
    },
    {
      name: 'test support and demo seeds write rows directly',
      filename: server('modules/alerts/alerts.seed.ts'),
      code: "import { sql } from 'drizzle-orm/sql';",
    },
    {
      name: 'a service reaches another module through its service',
      filename: server('modules/account/account.service.ts'),
      code: "import { countUnread } from '../notifications/notifications.service.js';",
    },
    {
      name: 'a service uses the scope helpers of db/',
      filename: server('modules/uploads/uploads.service.ts'),
      code: "import type { ContractScope } from '../../db/scope.js';",
    },
    {
      name: 'a test seeds another module through its repository',
      filename: server('modules/alerts/alerts.test.ts'),
      code: "import { loadReadings } from '../readings/readings.repository.js';",
    },
  ],
  invalid: [
    {
      name: 'a route importing a repository',
      filename: server('modules/sites/sites.routes.ts'),
      code: "import { listSites } from './sites.repository.js';",
      errors: [error('routes call services, never a repository: ./sites.repository.js')],
    },
    {
      name: 'a service importing drizzle-orm',
      filename: server('modules/sites/sites.service.ts'),
      code: "import { eq } from 'drizzle-orm';",
      errors: [error('drizzle-orm is data access: only repositories, db/, platform/, seed/ and tests import it: drizzle-orm')],
    },
    {
      name: 'a presenter importing a drizzle-orm subpath',
      filename: server('modules/map-layers/map-layers.presenter.ts'),
      code: "import type { PgColumn } from 'drizzle-orm/pg-core';",
      errors: [error('drizzle-orm is data access: only repositories, db/, platform/, seed/ and tests import it: drizzle-orm/pg-core')],
    },
    {
      name: 'a service importing the schema',
      filename: server('modules/admin-users/user-import.service.ts'),
      code: "import { users } from '../../db/schema/index.js';",
      errors: [error('db/schema is data access: only repositories, db/, platform/, seed/ and tests import it: ../../db/schema/index.js')],
    },
    {
      name: "a service importing another module's repository",
      filename: server('modules/account/account.service.ts'),
      code: "import { countUnread } from '../notifications/notifications.repository.js';",
      errors: [
        error('module "account" must reach module "notifications" through its service, not its repository: ../notifications/notifications.repository.js'),
      ],
    },
    {
      name: "a repository importing another module's repository",
      filename: server('modules/action-log/action-log.repository.ts'),
      code: "export { pgArray } from '../alerts/evaluation.repository.js';",
      errors: [error('module "action-log" must reach module "alerts" through its service, not its repository: ../alerts/evaluation.repository.js')],
    },
  ],
});
