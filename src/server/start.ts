import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

// `npm start` on a fresh checkout: build the client and its server renderer once, then run the server.
const builds = [
  { output: 'dist/client/index.html', args: [] },
  { output: 'dist/server/entry-server.js', args: ['--ssr'] },
];
for (const build of builds.filter((b) => !existsSync(b.output))) {
  console.log(`Building ${build.output} (first start only)...`);
  // A NODE_ENV left over from a test runner would otherwise give a development build of React.
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', ...build.args], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
await import('./main');
