import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` runs the API on PORT (default 3000); `npx vite` serves the client with hot
// reload and forwards API and realtime traffic there. The /ws endpoint checks the Origin
// against PUBLIC_ORIGIN, so start the API with PUBLIC_ORIGIN=http://localhost:5173 when
// developing through Vite.
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // scripts/size.ts reads the manifest to find what `/` loads first.
    manifest: true,
    rolldownOptions: {
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
});
