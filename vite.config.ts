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
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
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
