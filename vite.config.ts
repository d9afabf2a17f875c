import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { LAZY_CODE_FILE } from './src/server/ssr/lazy-code';

// `npm run dev` runs the API on PORT (default 3000); `npx vite` serves the client with hot
// reload and forwards API and realtime traffic there. The /ws endpoint checks the Origin
// against PUBLIC_ORIGIN, so start the API with PUBLIC_ORIGIN=http://localhost:5173 when
// developing through Vite.
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

/** Built files a page never needs offline: the worker itself, the bundler's manifest, the demo images. */
const NOT_PRECACHED = /^(sw\.js$|\.vite\/|images\/)/;

/**
 * Gives the built sw.js (public/sw.js, copied as it is) the list of files to precache, on a first
 * line of its own so the rest stays our readable source. The version is a hash of those files, so
 * any change to the app changes sw.js's bytes, which is how a browser learns of a new release.
 */
function precacheList(): Plugin {
  let outDir = '';
  return {
    name: 'nestling-precache-list',
    // The client build only: the server renderer's build (--ssr) has no sw.js.
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the write, when the public files have been copied beside the bundle.
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .map((file) => file.split(path.sep).join('/'))
        .filter((file) => !NOT_PRECACHED.test(file) && statSync(path.join(outDir, file)).isFile())
        .sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update(readFileSync(path.join(outDir, file)));
      const list = { version: hash.digest('hex').slice(0, 16), urls: files.map((file) => `/${file}`) };
      const swPath = path.join(outDir, 'sw.js');
      writeFileSync(swPath, `self.__NESTLING_PRECACHE__ = ${JSON.stringify(list)};\n${readFileSync(swPath, 'utf8')}`);
    },
  };
}

/**
 * The client build loads `code` in place of one of Mantine's modules, and fails if Mantine moves
 * the file rather than silently losing the replacement.
 */
function replaceMantineModule(name: string, file: RegExp, code: string): Plugin {
  let replaced = false;
  return {
    name: `nestling-${name}`,
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    enforce: 'pre',
    load(id) {
      if (!file.test(id)) return null;
      replaced = true;
      return code;
    },
    buildEnd(error) {
      if (!error && !replaced) this.error(`${file} was not found: check ${name} in vite.config.ts against the new Mantine`);
    },
  };
}

/**
 * Mantine's useId renders React's id, then swaps it for a random one in a layout effect. On a
 * server-rendered page each swap is an update straight after hydration, and together they are one
 * synchronous re-render of every component that uses it (AppShell, popovers, inputs): about 0.65 s
 * of one blocking task on a phone (4x slower CPU, CPU profile of / in bench/README.md). The client
 * build keeps React's id instead: the same on the server (which loads Mantine's own hook from
 * node_modules and renders its first value, this one) and in the browser, which is what useId is
 * for.
 */
const stableMantineIds = () =>
  replaceMantineModule(
    'stable-mantine-ids',
    /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/,
    [
      "import { useId as useReactId } from 'react';",
      'export function useId(staticId) {',
      '  const id = useReactId();',
      "  return typeof staticId === 'string' ? staticId : `mantine-${id.replace(/:/g, '')}`;",
      '}',
    ].join('\n'),
  );

/**
 * The theme's CSS variables are a stylesheet (src/client/app/theme-variables.css) and
 * MantineProvider is told to compute none (withCssVariables={false} in providers.tsx), but it
 * still imports the component that would, and with it Mantine's resolver of every variable:
 * 2.3 kB gzipped of the first load that never runs.
 */
const noRuntimeCssVariables = () =>
  replaceMantineModule(
    'no-runtime-css-variables',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]MantineCssVariables\.mjs$/,
    'export function MantineCssVariables() { return null; }',
  );

type Chunks = Map<string, Rolldown.OutputChunk>;

const chunksOf = (bundle: Rolldown.OutputBundle): Chunks =>
  new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));

/** The chunk of src/client/boot.tsx, the app that main.tsx starts. */
function appChunk(chunks: Chunks): Rolldown.OutputChunk {
  const app = [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/client/boot.tsx')));
  if (!app) throw new Error('src/client/boot.tsx is not in the bundle: update appChunk() in vite.config.ts');
  return app;
}

/** A chunk's file and the files of every chunk it imports statically, in load order. */
function staticClosure(chunk: Rolldown.OutputChunk, chunks: Chunks, files = new Set<string>()): Set<string> {
  if (files.has(chunk.fileName)) return files;
  files.add(chunk.fileName);
  chunk.imports.forEach((file) => staticClosure(chunks.get(file)!, chunks, files));
  return files;
}

/**
 * Writes LAZY_CODE_FILE: for each export of a lazily loaded chunk (a screen, a section), the
 * scripts it needs beyond the app's own. A server-rendered page names those of its screen and
 * sections (server/ssr/page-renderer.ts) for main.tsx to fetch with the app's, before it hydrates:
 * Vite's preload lists carry no scripts (build.modulePreload below), and the screen's chunk would
 * otherwise be fetched only when the router asks for it, and its imports one round trip later.
 */
function lazyCodeFiles(): Plugin {
  return {
    name: 'nestling-lazy-code-files',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const app = staticClosure(appChunk(chunks), chunks);
      const files: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        if (!chunk.isDynamicEntry) continue;
        const needed = [...staticClosure(chunk, chunks)].filter((file) => !app.has(file));
        for (const name of chunk.exports) files[name] = [...new Set([...(files[name] ?? []), ...needed])];
      }
      this.emitFile({ type: 'asset', fileName: LAZY_CODE_FILE, source: `${JSON.stringify(files, null, 1)}\n` });
    },
  };
}

/**
 * index.html names the entry (src/client/main.tsx), which imports the app (src/client/boot.tsx)
 * once the page has painted. This links the app's files in index.html as Vite links the entry's:
 * its styles as stylesheets, so that the server's HTML is never shown unstyled, and its scripts as
 * module preloads, fetched at once beside the entry rather than when the entry asks for them.
 */
function appWithEntry(): Plugin {
  return {
    name: 'nestling-app-with-entry',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = chunksOf(bundle ?? {});
        const scripts = staticClosure(appChunk(chunks), chunks);
        const styles = new Set([...scripts].flatMap((file) => [...(chunks.get(file)!.viteMetadata?.importedCss ?? [])]));
        const link = (rel: string, file: string) => ({ tag: 'link', attrs: { rel, crossorigin: true, href: `/${file}` }, injectTo: 'head' as const });
        const linked = (file: string) => html.includes(`"/${file}"`);
        return [
          ...[...styles].filter((file) => !linked(file)).map((file) => link('stylesheet', file)),
          ...[...scripts].filter((file) => !linked(file)).map((file) => link('modulepreload', file)),
        ];
      },
    },
  };
}

/**
 * The server renderer of pages (`vite build --ssr`): src/client/entry-server.tsx as one module in
 * dist/server, importing its libraries from node_modules, as the server loads it.
 */
const ssrBuild = {
  outDir: 'dist/server',
  emptyOutDir: true,
  copyPublicDir: false,
  rolldownOptions: { input: 'src/client/entry-server.tsx', output: { entryFileNames: 'entry-server.js' } },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: '.',
  publicDir: 'public',
  plugins: [react(), precacheList(), stableMantineIds(), noRuntimeCssVariables(), appWithEntry(), lazyCodeFiles()],
  resolve: {
    // TanStack's store imports the shim of useSyncExternalStore for React 17; React 19 has the
    // hook, which the package's plain entry uses.
    alias: [{ find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' }],
  },
  build: isSsrBuild ? ssrBuild : {
    outDir: 'dist/client',
    emptyOutDir: true,
    // scripts/size.ts reads the manifest to find what `/` loads first.
    manifest: true,
    modulePreload: {
      // Every lazy import carries the list of what it will load, for Vite to preload at once:
      // for all our screens and sections, 2.8 kB gzipped of the first load, which the first screen
      // never uses. The scripts' lists are dropped and the stylesheets' kept (a screen must not
      // show before its styles). A screen opened for the first time then fetches its chunk and,
      // one round trip later, the chunks that chunk imports; once the service worker has
      // precached the build (public/sw.js, during the first visit) they all come from the cache.
      resolveDependencies: (_chunk, deps) => deps.filter((file) => file.endsWith('.css')),
      // Only Safari before 17 lacks modulepreload; there the files load when imported, as here.
      polyfill: false,
    },
    rolldownOptions: {
      // @trpc/client declares no "sideEffects", so the bundler kept its WebSocket link (1 kB
      // gzipped, never used: realtime is our own /ws) because importing the package runs its
      // module. Its modules only define links and errors.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@trpc[\\/]client[\\/]/, sideEffects: false }] },
      output: {
        // Libraries every screen needs change less often than our screens: separate chunks stay
        // cached across releases. Mantine is left to the bundler, so each route loads only the
        // components it uses (one Mantine chunk would put every screen's components in the first load).
        codeSplitting: {
          groups: [
            // Vite's preload helper (behind every lazy import) rides with React: both are needed
            // by every first load and change only on an upgrade. Left to the bundler, its place
            // depends on our module graph. Rolldown moves a module that lazy chunks share into the
            // entry chunk only if the move leaves no import cycle between chunks at the moment it
            // looks, and it looks at the helper before lib/use-activity-feed.ts (eager on the
            // dashboard, also imported by lazy pages), which stands between the entry and
            // lib/use-realtime-channel.ts, the helper's importer. So the helper became a chunk of
            // its own: one more request and 0.3 kB more first-load JS.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|\0vite\/preload-helper/ },
            { name: 'data', test: /node_modules[\\/](@tanstack|@trpc)[\\/]/ },
            { name: 'boot', test: /src[\\/]client[\\/]boot\.tsx$/, includeDependenciesRecursively: true },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/trpc': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
}));
