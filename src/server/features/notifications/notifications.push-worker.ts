import type { FastifyInstance } from 'fastify';
import { startPollingLoop, type PollingLoop } from '../../lib/polling-loop';
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
  async function sendRound(): Promise<boolean> {
    const due = await notifications.claimPendingPushes(BATCH);
    await Promise.all(
      due.map((pending) =>
        push.sendToUser(pending.userId, pending.message).catch((error: unknown) => app.log.error({ err: error, notificationId: pending.id }, 'a notification push failed')),
      ),
    );
    return due.length === BATCH;
  }
  let loop: PollingLoop | undefined;
  app.addHook('onReady', async () => {
    loop = startPollingLoop({
      pass: sendRound,
      everyMs: deps.pollMs ?? PUSH_POLL_MS,
      wakeOn: (wake) => notifications.onPushPending(wake),
      onError: (error) => app.log.error({ err: error }, 'claiming notification pushes failed'),
    });
    void loop.wake();
  });
  app.addHook('preClose', async () => loop?.close());
}
