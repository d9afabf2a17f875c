import { postOutbound, type SendOptions, type SendResult } from '../../lib/outbound-http';

export { isPrivateAddress, type SendOptions, type SendResult } from '../../lib/outbound-http';

/** POSTs one delivery under the outbound-safety rule (lib/outbound-http): 5 s, no redirects, 256 kB of answer read. */
export function postJson(url: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<SendResult> {
  return postOutbound(url, { 'content-type': 'application/json', 'user-agent': 'Nestling-Webhooks/1', ...headers }, body, options);
}
