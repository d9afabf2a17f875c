import type { FastifyInstance } from 'fastify';
import { coalesced } from '../../lib/coalesced';
import type { NotificationsService, PendingPush } from './notifications.service';

/** The part of the push feature this worker uses (services.push). */
export interface PushSender {
  sendToUser(userId: number, message: PendingPush['message']): Promise<unknown>;
}

/** Pushes claimed per round; a longer queue takes several rounds. */
const BATCH = 50;
/** Pending pushes stored by another instance are picked up within this. */
export const PUSH_POLL_MS = 5_000;

/**
 * Sends the pushes of new notifications on this instance: at once when this instance stored
 * some, and on a poll for those another instance stored (every instance may run one; a claim
 * takes each row once). Sending never throws (see the push service), so one device cannot stop
 * the rest. Closing the app waits for the round under way.
 */
export function startNotificationPushWorker(app: FastifyInstance, deps: { notifications: NotificationsService; push: PushSender; pollMs?: number }): void {
  const { notifications, push } = deps;
  let closed = false;
  const run = coalesced(
    async () => {
      while (!closed) {
        const due = await notifications.claimPendingPushes(BATCH);
        await Promise.all(
          due.map((pending) =>
            push.sendToUser(pending.userId, pending.message).catch((error: unknown) => app.log.error({ err: error, notificationId: pending.id }, 'a notification push failed')),
          ),
        );
        if (due.length < BATCH) return;
      }
    },
    (error) => app.log.error({ err: error }, 'claiming notification pushes failed'),
  );
  let stopListening: (() => void) | undefined;
  let poller: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    stopListening = notifications.onPushPending(() => void (closed || run()));
    poller = setInterval(() => void (closed || run()), deps.pollMs ?? PUSH_POLL_MS);
    poller.unref();
    void run();
  });
  app.addHook('preClose', async () => {
    closed = true;
    stopListening?.();
    clearInterval(poller);
    await run.settled();
  });
}
