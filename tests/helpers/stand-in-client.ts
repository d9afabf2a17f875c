import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { testConfig } from './test-app';
import { createTestDatabase } from './test-database';

/**
 * The app serving a stand-in client directory (the real build may not exist when tests run):
 * `write` puts the files in it. `close` stops the app and removes the database and the directory.
 */
export async function appWithStandInClient(write: (clientDir: string) => void): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'nestling-client-'));
  write(clientDir);
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(), { database, logger: false, clientDir });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}
