import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_TYPES_FILE, createApiTypesApp, generateApiTypes } from '../tests/integrator/api-types';

// Regenerates the committed client types from the document the app serves; tests/integrator/api-types.test.ts fails until it is run.
const t = await createApiTypesApp();
try {
  await writeFile(API_TYPES_FILE, await generateApiTypes(t));
  console.log(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
} finally {
  await t.close();
}
