import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

// `npm start` on a fresh checkout: build the client once, then run the server.
if (!existsSync('dist/client/index.html')) {
  console.log('Building the web client (first start only)...');
  // A NODE_ENV left over from a test runner would otherwise give a development build of React.
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
await import('./main');
