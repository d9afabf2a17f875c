import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator (ES256, attestation "none"), to drive the server's WebAuthn
 * checks from tests without a browser: it answers the options the server hands out the way
 * navigator.credentials and @simplewebauthn/browser would. The browser tests use Chromium's own
 * virtual authenticator instead.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16).toString('base64url');
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;
  userHandle: string | undefined;

  /**
   * `counting`: whether the signature counter goes up with each use. Synced passkeys (Apple,
   * Google) keep it at 0, so that nothing but the single-use challenge stops a replay.
   */
  constructor(
    readonly origin: string,
    private readonly counting = false,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y!};
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authenticatorData(rpId: string, attested?: Buffer) {
    const rpIdHash = createHash('sha256').update(rpId).digest();
    // User present and verified; attested credential data follows on registration.
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]);
  }

  /** Answers registration options as navigator.credentials.create() would. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, overrides: { origin?: string; rpId?: string } = {}) {
    this.userHandle = options.user.id;
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(isoCBOR.encode(coseKey))]);
    const authData = this.authenticatorData(rpId, attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', new Uint8Array(authData)],
    ]) as never);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, overrides.origin ?? this.origin).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal' as const],
      },
    };
  }

  /** Answers authentication options as navigator.credentials.get() would. */
  authenticate(options: { challenge: string; rpId?: string }, overrides: { origin?: string } = {}) {
    if (this.counting) this.counter += 1;
    const authData = this.authenticatorData(options.rpId ?? new URL(this.origin).hostname);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin ?? this.origin);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
    const signature = createSign('sha256').update(signed).sign(this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
