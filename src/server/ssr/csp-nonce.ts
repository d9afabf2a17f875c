import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

const nonces = new WeakMap<ServerResponse, string>();

/**
 * The response's CSP nonce, made on first use: helmet writes it into script-src, and a
 * server-rendered page gives it to the scripts it writes inline. Every response has its own, so
 * an attacker's injected script cannot guess it.
 */
export function cspNonce(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(response, nonce);
  }
  return nonce;
}
