import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 and a free port: the push-service side of RFC 8030 as a browser's
 * push service (FCM, Mozilla's autopush) runs it, and the phone behind it. Each device it hands
 * out is a subscription as PushSubscription.toJSON() gives it, with the private key and auth
 * secret that only the phone holds. A push to a device's endpoint must carry TTL, Content-Encoding
 * aes128gcm and a VAPID Authorization (RFC 8292) whose JWT is signed by its k, for this service's
 * origin, unexpired; the body is then decrypted here per RFC 8291 (written out with node:crypto,
 * independently of web-push and http_ece, which encrypt), and the device records what the phone
 * would show. The answer is 201 with a Location, or the device's chosen status.
 */

export interface ReceivedPush {
  /** What the service worker's push event reads from event.data.json(). */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  vapid: { aud: string; sub: string; exp: number; k: string };
}

export interface PushDevice {
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Pushes the service refused, with why (bad TTL, encoding, signature, or undecryptable). */
  refused: string[];
  /** What the service answers the next pushes: 201, or 404 / 410 for a subscription that has gone. */
  status: number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** RFC 8292: `vapid t=<JWT>, k=<the server's public key>`, the JWT ES256-signed by k, for this origin, expiring within 24 hours. */
function checkVapid(authorization: string | undefined, origin: string, applicationServerKey: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Refusal(401, `Authorization is not 'vapid t=…, k=…': ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 public key');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Refusal(401, 'the VAPID JWT is not signed by k');
  const { alg, typ } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string; typ?: string };
  if (alg !== 'ES256' || typ !== 'JWT') throw new Refusal(401, `JWT header ${alg}/${typ}, not ES256/JWT`);
  const { aud, sub, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  if (aud !== origin) throw new Refusal(401, `aud ${aud} is not this push service (${origin})`);
  const now = Date.now() / 1000;
  if (!(exp > now && exp <= now + 24 * 3600 + 60)) throw new Refusal(401, `exp ${exp} is not within the next 24 hours`);
  if (!/^(mailto:|https:)/.test(sub ?? '')) throw new Refusal(401, `sub ${sub} is neither mailto: nor https:`);
  // The browser subscribed with one applicationServerKey; a push signed by another key is refused (RFC 8292 §4.2).
  if (applicationServerKey !== undefined && k !== applicationServerKey) throw new Refusal(403, 'k is not the key the subscription was made with');
  return { aud, sub, exp, k };
}

/** RFC 8291 with RFC 8188's aes128gcm: what the phone does with the body, using its private key and auth secret. */
function decrypt(body: Buffer, device: { ecdh: ECDH; auth: Buffer }): Buffer {
  if (body.length < 21) throw new Refusal(400, 'the body is shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Refusal(400, `keyid is ${idLength} bytes, not the sender's 65-byte public key`);
  const receiverKey = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(senderKey);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.auth, Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]), 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq++) {
    const record = records.subarray(offset, offset + recordSize);
    const iv = Buffer.from(nonce);
    // The record's sequence number XORed into the nonce's low bytes (RFC 8188 §2.3).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let data: Buffer;
    try {
      data = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, 'the body does not decrypt with this subscription’s keys');
    }
    // Padding: the content, then 0x02 in the last record (0x01 in others), then zeros.
    let end = data.length - 1;
    while (end >= 0 && data[end] === 0) end--;
    const last = offset + recordSize >= records.length;
    if (data[end] !== (last ? 2 : 1)) throw new Refusal(400, 'bad record padding');
    plain.push(data.subarray(0, end));
  }
  return Buffer.concat(plain);
}

export async function startPushReceiver() {
  const devices = new Map<string, PushDevice & { ecdh: ECDH; auth: Buffer; applicationServerKey: string | undefined }>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = devices.get(request.url ?? '');
      const answer = (status: number, headers: Record<string, string> = {}) => {
        response.writeHead(status, headers);
        response.end();
      };
      if (request.method !== 'POST' || !device) return answer(404);
      try {
        const ttl = request.headers.ttl;
        if (ttl === undefined || !/^\d+$/.test(String(ttl))) throw new Refusal(400, `TTL missing or not a number: ${ttl}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, `Content-Encoding ${request.headers['content-encoding']}, not aes128gcm`);
        // Push services take at most 4096 bytes of encrypted payload (RFC 8030 §7.2; FCM and autopush refuse more).
        const size = chunks.reduce((total, chunk) => total + chunk.length, 0);
        if (size > 4096) throw new Refusal(413, `payload of ${size} bytes, over 4096`);
        const vapid = checkVapid(request.headers.authorization, origin, device.applicationServerKey);
        if (device.status !== 201) return answer(device.status);
        const payload: unknown = JSON.parse(decrypt(Buffer.concat(chunks), device).toString('utf8'));
        device.received.push({ payload, ttl: Number(ttl), urgency: request.headers.urgency as string | undefined, vapid });
        answer(201, { location: `${origin}/message/${device.received.length}` });
      } catch (error) {
        device.refused.push(error instanceof Error ? error.message : String(error));
        answer(error instanceof Refusal ? error.status : 400);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /**
     * A phone's browser subscribing: a fresh P-256 key pair and auth secret. With
     * `applicationServerKey`, pushes must be signed by that VAPID key, as a browser's push service requires.
     */
    newDevice(options: { applicationServerKey?: string } = {}): PushDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('hex')}`;
      const device = {
        subscription: { endpoint: `${origin}${path}`, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
        received: [],
        refused: [],
        status: 201,
        ecdh,
        auth,
        applicationServerKey: options.applicationServerKey,
      };
      devices.set(path, device);
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Keys shaped as a browser's (a real P-256 public key, a 16-byte secret), for subscriptions never pushed to. */
export function browserKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) };
}
