import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Chromium subscribes to push through Google's GCM: a check-in, then a registration that
 * answers the token its endpoint ends with. There is no outside network here, so this server on
 * port 0 plays both, and Chromium is pointed at it with --gcm-checkin-url and
 * --gcm-registration-url: pushManager.subscribe() then really runs, with a real key pair and
 * auth secret made by the browser, and answers an https://…google.com/fcm/send/<token> endpoint.
 * (Delivering to that endpoint would need Google's MCS connection, which this does not play.)
 */
export async function startFakeGcm() {
  let registrations = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url?.startsWith('/checkin')) {
        // AndroidCheckinResponse: stats_ok = true (1), android_id (7) and security_token (8), both fixed64 and non-zero.
        const body = Buffer.alloc(20);
        body.writeUInt16BE(0x0801, 0);
        body[2] = (7 << 3) | 1;
        body.writeBigUInt64LE(4_242_424_242n, 3);
        body[11] = (8 << 3) | 1;
        body.writeBigUInt64LE(1_717_171_717n, 12);
        response.writeHead(200, { 'content-type': 'application/x-protobuf' });
        return response.end(body);
      }
      if (request.url?.startsWith('/register')) {
        registrations += 1;
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end(`token=e2e-push-token-${registrations}`);
      }
      response.writeHead(404);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** Chromium flags that send its GCM traffic here (and its MCS connection nowhere). */
    chromiumArgs: [`--gcm-checkin-url=${origin}/checkin`, `--gcm-registration-url=${origin}/register`, '--gcm-mcs-endpoint=https://127.0.0.1:1'],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
