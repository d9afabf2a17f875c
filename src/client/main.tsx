import './app/first-load-styles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// Zod probes for eval with `new Function` when its first schema is built, and our CSP
// (script-src 'self') reports that as a violation even though Zod catches it. `jitless` skips
// the probe. This is the object z.config() writes to; setting it here, before any schema module
// loads, keeps Zod itself out of the first load (importing config() would bring 4 kB of it).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
