import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Written by the client build (lazyCodeFiles() in vite.config.ts), beside Vite's manifest: for
 * each export of a lazily loaded chunk (a screen, a section), the scripts it needs beyond the
 * app's own, as paths inside the client folder.
 */
export const LAZY_CODE_FILE = '.vite/lazy-code.json';

/** The scripts each lazy export needs, by name; none without a build (tests, `npm run dev`). */
export function readLazyCodeFiles(clientDir: string): ReadonlyMap<string, readonly string[]> {
  const file = path.join(clientDir, LAZY_CODE_FILE);
  if (!existsSync(file)) return new Map();
  return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>));
}
