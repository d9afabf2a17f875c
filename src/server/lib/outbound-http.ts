import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * The one outbound-safety rule for addresses the server POSTs to on a user's say-so (webhooks,
 * Web Push endpoints): https only, never to this network, loopback, private, link-local, CGNAT
 * or multicast addresses, checked when the address is saved and again on every attempt, on the
 * addresses the socket will connect to. `allowPrivate` (tests, local development) lifts the
 * address rule and lets http:// reach this machine.
 */

// Two lists: one BlockList would also match every IPv4 address against the IPv4-mapped range below.
const privateV4 = new net.BlockList();
for (const [address, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 3]] as const) {
  privateV4.addSubnet(address, prefix, 'ipv4');
}
const privateV6 = new net.BlockList();
// IPv4-mapped (::ffff:0:0/96) and NAT64 addresses are refused whole: a mapped address is a way to dress up 127.0.0.1.
for (const [address, prefix] of [['::', 127], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  privateV6.addSubnet(address, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  return family === 0 || (family === 6 ? privateV6.check(address, 'ipv6') : privateV4.check(address, 'ipv4'));
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * Why an address may not be saved, or undefined when it may: 'credentials' (a user name or
 * password in it), 'https' (not https://; with allowPrivate, http:// only to this machine), or
 * 'private' (a private, loopback or link-local address or name). Each caller words its own message.
 */
export function addressRefusal(raw: string, allowPrivate: boolean): 'credentials' | 'https' | 'private' | undefined {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const loopback = LOOPBACK_NAMES.has(host) || host.endsWith('.localhost');
  if (url.username || url.password) return 'credentials';
  if (allowPrivate) return url.protocol === 'https:' || loopback ? undefined : 'https';
  if (url.protocol !== 'https:') return 'https';
  if (loopback || (net.isIP(host) !== 0 && isPrivateAddress(host))) return 'private';
  return undefined;
}

export interface SendResult {
  /** The receiver's status; undefined when it did not answer. */
  status?: number;
  error?: string;
  durationMs: number;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxResponseBytes?: number;
}

/**
 * Resolves as usual, then refuses the connection when any address the name resolves to is
 * private: the check is made on every attempt, on the addresses the socket will connect to, so a
 * name that pointed somewhere public when it was saved cannot be turned toward the inside later.
 */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) return callback(new Error(`${hostname} resolves to ${refused.address}, a private address`), []);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/**
 * POSTs one body. At most 5 s, redirects are not followed (a 3xx is a failure), and at most
 * 256 kB of the answer is read: the answer's body itself is never kept.
 */
export function postOutbound(url: string, headers: Record<string, string>, body: string | Buffer, options: SendOptions): Promise<SendResult> {
  const { timeoutMs = 5000, maxResponseBytes = 256 * 1024 } = options;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal address skips the lookup, so it is checked here.
  if (!options.allowPrivate && net.isIP(host) !== 0 && isPrivateAddress(host)) {
    return Promise.resolve({ error: `${host} is a private address`, durationMs: 0 });
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: options.allowPrivate ? undefined : (guardedLookup as unknown as net.LookupFunction),
        agent: false,
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxResponseBytes) response.destroy();
        });
        response.on('error', () => {});
        response.on('close', () => finish({ status: response.statusCode }));
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    request.on('error', (error) => finish({ error: error.message }));
    request.end(body);
  });
}
