/** What the steps share: the cluster, the database, nginx's address, the processes and the demo sessions. */
import type { Child } from './children.js';
import type { Session } from './http.js';
import type { Cluster } from './postgres.js';
import type { Api, StrataEnv } from './strata.js';

export interface Topology {
  tmp: string;
  cluster: Cluster;
  database: string;
  /** nginx: http://127.0.0.1:port */
  base: string;
  apis: [Api, Api];
  worker: Child;
  env: StrataEnv;
  admin: Session;
  /** Rows of the database, one statement each. */
  q<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}
