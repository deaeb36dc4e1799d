// What the HTTP layer needs from the rest of the service, wired by service.ts (or a test).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { ReadModelWaiter } from '../projections/read-model-waiter.ts';
import type { BlobStore } from '../infra/blob-store/blob-store.ts';
import type { DatasetName } from '../domain/terrain/types.ts';

export interface HealthCheck {
  name: string;
  kind: string;
  check(): Promise<boolean>;
}

export interface ApiDependencies {
  store: EventStore;
  /** Read-model database (answers every GET). */
  readModels: Knex;
  waiter: ReadModelWaiter;
  logger: Logger;
  readYourWritesTimeoutMs: number;
  healthChecks: HealthCheck[];
  /** Artifacts and display tiles (OGC Tiles reads them). */
  blobStore: BlobStore;
  /** The configured terrain sources: what a new terrain job records it will use. */
  terrainSources: () => Record<DatasetName, { fingerprint: string; description: string }>;
}
