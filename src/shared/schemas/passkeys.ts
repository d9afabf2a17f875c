import { z } from 'zod';
import { idParam, pageInput, pageOutput, text } from './common';

// WebAuthn answers as @simplewebauthn/browser sends them: binary fields are base64url text.
const BASE64URL_MESSAGE = 'Give this as base64url text, as the browser made it.';
const base64url = (max: number) => z.string(BASE64URL_MESSAGE).min(1, BASE64URL_MESSAGE).max(max, `At most ${max} characters.`).regex(/^[A-Za-z0-9_-]+$/, BASE64URL_MESSAGE);
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(7);
/** What the browser's extensions reported; read only by the WebAuthn library, never stored. */
const clientExtensionResults = z.record(z.string().max(64), z.unknown()).refine((value) => Object.keys(value).length <= 16, 'At most 16 extension results.');
const authenticatorAttachment = z.enum(['platform', 'cross-platform']);

/** navigator.credentials.create()'s answer, as JSON. */
export const registrationResponse = z.strictObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: authenticatorAttachment.optional(),
  clientExtensionResults,
  response: z.strictObject({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(16_000),
    authenticatorData: base64url(8000).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
});

/** navigator.credentials.get()'s answer, as JSON. */
export const authenticationResponse = z.strictObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: authenticatorAttachment.optional(),
  clientExtensionResults,
  response: z.strictObject({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(8000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
});

const passkeyName = text()
  .trim()
  .min(1, 'Give the passkey a name, such as the phone or computer it lives on.')
  .max(60, 'A passkey name has at most 60 characters.');

export const registerPasskeyInput = z.strictObject({
  response: registrationResponse,
  name: passkeyName.optional(),
});

export const passkeySignInInput = z.strictObject({ response: authenticationResponse });

/** PATCH /auth/passkeys/{id}: the id comes from the path. */
export const renamePasskeyInput = idParam.extend({ name: passkeyName });

export const passkeyOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type PasskeyDto = z.infer<typeof passkeyOutput>;

export const listPasskeysInput = pageInput;
/** Newest first. */
export const passkeyPageOutput = pageOutput(passkeyOutput);

const credentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });

/** What to hand to @simplewebauthn/browser's startRegistration({ optionsJSON }). */
export const registrationOptionsOutput = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.string() })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: authenticatorAttachment.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
});

/** What to hand to @simplewebauthn/browser's startAuthentication({ optionsJSON }). */
export const authenticationOptionsOutput = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.string()).optional(),
});

