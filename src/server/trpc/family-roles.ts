import type { AuthenticatedUser } from '../principal';
import { AppError } from '../errors';

/**
 * What a carer may call, in one place: their own account, the family's children and their day
 * (activities, photos, the camera), the community, and leaving or joining a family. Every other
 * signed-in procedure is for guardians, so a new one starts closed to carers until it is listed
 * here. Staff and teachers have no family role and are not affected. Routes outside tRPC call
 * requireFamilyRole with a name of their own (the calendar feed, the export download) when carers
 * may not use them; the community's image routes are open to carers.
 */
export const CARER_MAY = new Set<string>([
  'users.me',
  'users.updateMe',
  'sessions.list',
  'sessions.end',
  'sessions.endOthers',
  'password.change',
  'passkeys.list',
  'passkeys.registrationOptions',
  'passkeys.register',
  'passkeys.rename',
  'passkeys.remove',
  'twoStep.status',
  'twoStep.startEnrolment',
  'twoStep.confirmEnrolment',
  'twoStep.confirmOptions',
  'twoStep.turnOff',

  'children.list',
  'children.get',
  'cameras.list',
  'activities.list',
  'activities.page',
  'activities.get',
  'dailyReports.get',
  // Watching the children's room while they are there, and seeing who else watched.
  'cameraAccess.start',
  'cameraAccess.renew',
  'cameraAccess.end',
  'cameraAccess.viewers',
  // Without the booking events, which are a guardian's (events.service.ts).
  'events.list',

  'community.posts.list',
  'community.posts.get',
  'community.posts.create',
  'community.posts.remove',
  'community.posts.like',
  'community.posts.unlike',
  'community.posts.report',
  'community.comments.list',
  'community.comments.get',
  'community.comments.create',
  'community.comments.remove',
  'community.groups.join',
  'community.groups.leave',

  // Every adult has their own notifications and settings.
  'notifications.list',
  'notifications.unreadCount',
  'notifications.markRead',
  'notifications.markAllRead',
  'notifications.preferences',
  'notifications.savePreferences',
  'pushSubscriptions.list',
  'pushSubscriptions.save',
  'pushSubscriptions.remove',

  // Any adult of the family may write to the classroom.
  'messages.conversations',
  'messages.openConversation',
  'messages.list',
  'messages.send',
  'messages.markRead',

  'family.get',
  'family.leave',
  'family.invitations.accept',
]);

export const CARER_REFUSAL = "As a carer you can follow the children's day, but not this: ask a guardian of your family.";

/** Throws when a carer calls a signed-in procedure that is not theirs to call. */
export function requireFamilyRole(path: string, user: Pick<AuthenticatedUser, 'familyRole'>): void {
  if (user.familyRole === 'carer' && !CARER_MAY.has(path)) throw new AppError('guardian_only', CARER_REFUSAL);
}
