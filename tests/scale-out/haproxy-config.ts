import { readFileSync } from 'node:fs';

const SECTION = '### Running several instances';

/** The HAProxy example in the README's "Running several instances" section, as written there. */
export function readmeHaproxyExample(readme = readFileSync('README.md', 'utf8')): string {
  const start = readme.indexOf(SECTION);
  if (start < 0) throw new Error(`README.md has no "${SECTION}" section`);
  const block = /```haproxy\n([\s\S]*?)```/.exec(readme.slice(start));
  if (!block) throw new Error(`the "${SECTION}" section of README.md has no haproxy code block`);
  return block[1]!;
}

/**
 * The README's example, pointed at this machine: the frontend binds `bind` instead of the TLS
 * address, and app1, app2, app3 of every backend are the given instances. Nothing else changes,
 * so the test runs exactly the configuration the README recommends.
 */
export function haproxyConfigFor(example: string, options: { bind: string; servers: string[] }): string {
  let binds = 0;
  const lines = example.split('\n').map((line) => {
    if (/^\s*bind\s/.test(line)) {
      binds += 1;
      return `  bind ${options.bind}`;
    }
    const server = /^(\s*server app(\d+)\s+)\S+(.*)$/.exec(line);
    if (!server) return line;
    const address = options.servers[Number(server[2]) - 1];
    if (!address) throw new Error(`the README's example names ${line.trim()}, but only ${options.servers.length} instances run`);
    return `${server[1]}${address}${server[3]}`;
  });
  if (binds !== 1) throw new Error(`expected one bind line in the README's example, found ${binds}`);
  return lines.join('\n');
}
