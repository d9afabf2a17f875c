import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useMounted } from '@mantine/hooks';
import type { z } from 'zod';
import type { authenticationResponse, registrationResponse } from '../../../shared/schemas/passkeys';

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = () => browserSupportsWebAuthn();

/**
 * The same for a screen the server may render: undefined until mounted, since the server cannot
 * know and the browser's first render must match the server's HTML. A screen shows "cannot" only
 * on false: shown on the server's HTML and taken away on mounting, the notice moved what was
 * below it under a parent's finger (seen: a passkey's Rename tapped as /profile hydrated hit the
 * password form instead).
 */
export const usePasskeysSupported = (): boolean | undefined => (useMounted() ? passkeysSupported() : undefined);

/** Asks the browser to make a passkey from the server's options; answers what the server checks. */
export async function createPasskey(optionsJSON: unknown): Promise<z.input<typeof registrationResponse>> {
  // The library types what a browser may say more loosely than our contract; the server checks it.
  return (await startRegistration({ optionsJSON: optionsJSON as PublicKeyCredentialCreationOptionsJSON })) as z.input<typeof registrationResponse>;
}

/** Asks the browser for a passkey's answer to the server's options. */
export async function answerWithPasskey(optionsJSON: unknown): Promise<z.input<typeof authenticationResponse>> {
  return (await startAuthentication({ optionsJSON: optionsJSON as PublicKeyCredentialRequestOptionsJSON })) as z.input<typeof authenticationResponse>;
}

/**
 * Words for a ceremony the browser ended: the person closed the prompt, it timed out, or the
 * device already holds a passkey for the account. Undefined for anything else (the server's
 * own answers carry their own words).
 */
export function ceremonyMessage(error: unknown): string | undefined {
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey request was cancelled or timed out. You can try again.';
  if (name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (name === 'SecurityError') return 'Passkeys do not work on this address. Open Nestling at its usual address and try again.';
  if (name === 'NotSupportedError') return 'This browser or device cannot use passkeys.';
  return undefined;
}
