/**
 * This browser's side of Web Push: whether it can, what the parent allowed, and its subscription.
 * Nothing here asks for permission except turnOn(), which runs only from the parent's click.
 */
import { existingRegistration, registerServiceWorker, supportsServiceWorker } from '../../lib/service-worker';

export type BrowserPushState =
  | { kind: 'unsupported' }
  | { kind: 'denied' }
  /** Permission not yet given or no subscription in this browser. */
  | { kind: 'off' }
  | { kind: 'subscribed'; endpoint: string };

export function supportsPush(): boolean {
  return supportsServiceWorker() && 'PushManager' in window && 'Notification' in window;
}

/** Reads the state without registering anything or asking anything. */
export async function readBrowserPush(): Promise<BrowserPushState> {
  if (!supportsPush()) return { kind: 'unsupported' };
  if (Notification.permission === 'denied') return { kind: 'denied' };
  const registration = await existingRegistration();
  const subscription = Notification.permission === 'granted' ? await registration?.pushManager.getSubscription() : null;
  return subscription ? { kind: 'subscribed', endpoint: subscription.endpoint } : { kind: 'off' };
}

function decodeKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const bytes = atob(base64);
  const key = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let i = 0; i < bytes.length; i++) key[i] = bytes.charCodeAt(i);
  return key;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => a !== null && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * Asks for permission (first, while the click still counts as the parent's), registers the
 * service worker and subscribes with the server's key. Answers the subscription to save, or
 * 'denied' / 'dismissed' when the parent said no or closed the question.
 */
export async function turnOn(publicKey: () => Promise<string>): Promise<PushSubscriptionJSON | 'denied' | 'dismissed'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'dismissed';
  await registerServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  const applicationServerKey = decodeKey(await publicKey());
  const existing = await registration.pushManager.getSubscription();
  // A subscription made with another server key (the server's pair changed) cannot be reused.
  if (existing && !sameKey(existing.options.applicationServerKey, applicationServerKey)) await existing.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return subscription.toJSON();
}

/** Ends this browser's subscription; answers its endpoint, if it had one. */
export async function turnOff(): Promise<string | undefined> {
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return undefined;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
