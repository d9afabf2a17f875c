import type { FastifyRequest } from 'fastify';
import type { ApiScope } from '../../shared/api-scopes';
import { AppError, forbidden } from '../errors';

/**
 * The scope an API token needs for each signed-in procedure, in one place. A signed-in procedure
 * not listed here needs a browser session: managing tokens, sessions, passwords, the profile,
 * the calendar link and everything a family guardian manages. New procedures therefore start
 * closed to tokens until they are given a scope here. Public procedures need nothing.
 */
export const TOKEN_SCOPES: Readonly<Record<string, ApiScope>> = {
  'users.me': 'profile:read',
  'family.get': 'profile:read',
  'events.list': 'events:read',

  'children.list': 'children:read',
  'children.get': 'children:read',
  'children.create': 'children:write',
  'children.update': 'children:write',

  'cameras.list': 'activities:read',
  'classrooms.list': 'activities:read',
  'activities.list': 'activities:read',
  'activities.page': 'activities:read',
  'activities.get': 'activities:read',
  'activities.create': 'activities:write',
  'dailyReports.get': 'activities:read',

  'shadowBookings.list': 'bookings:read',
  'shadowBookings.page': 'bookings:read',
  'shadowBookings.get': 'bookings:read',
  'shadowBookings.availability': 'bookings:read',
  'shadowBookings.create': 'bookings:write',
  'shadowBookings.updateStatus': 'bookings:write',
  'mentalHealth.bookings.list': 'bookings:read',
  'mentalHealth.bookings.get': 'bookings:read',
  'mentalHealth.bookings.create': 'bookings:write',
  'mentalHealth.bookings.updateStatus': 'bookings:write',

  'community.posts.list': 'community:read',
  'community.posts.get': 'community:read',
  'community.comments.list': 'community:read',
  'community.comments.get': 'community:read',
  'community.posts.create': 'community:write',
  'community.posts.remove': 'community:write',
  'community.posts.like': 'community:write',
  'community.posts.unlike': 'community:write',
  'community.posts.report': 'community:write',
  'community.comments.create': 'community:write',
  'community.comments.remove': 'community:write',
  'community.groups.join': 'community:write',
  'community.groups.leave': 'community:write',

  'messages.conversations': 'messages:read',
  'messages.list': 'messages:read',
  'messages.openConversation': 'messages:write',
  'messages.send': 'messages:write',
  'messages.markRead': 'messages:write',

  'webhooks.list': 'webhooks:manage',
  'webhooks.get': 'webhooks:manage',
  'webhooks.create': 'webhooks:manage',
  'webhooks.remove': 'webhooks:manage',
  'webhooks.deliveries': 'webhooks:manage',
  'webhooks.resendDelivery': 'webhooks:manage',
  'webhooks.enable': 'webhooks:manage',
};

/** The scope that routes outside tRPC need: the image upload and downloads, and /ws. */
export const RAW_ROUTE_SCOPES = {
  imageUpload: 'community:write',
  imageDownload: 'community:read',
  activityPhotoUpload: 'activities:write',
  activityPhotoDownload: 'activities:read',
  messagePhotoDownload: 'messages:read',
  liveActivity: 'activities:read',
  calendarFeed: 'bookings:read',
} as const satisfies Record<string, ApiScope>;

export const SESSION_ONLY_MESSAGE = 'This needs you signed in from a browser; an API token cannot do it.';

/** Throws unless a token holding `scopes` may call the signed-in procedure at `path`. */
export function requireTokenScope(path: string, scopes: readonly ApiScope[]): void {
  const needed = TOKEN_SCOPES[path];
  if (!needed) throw forbidden(SESSION_ONLY_MESSAGE);
  requireScope(needed, scopes);
}

/** For routes outside tRPC: throws when the request came with an API token that lacks `needed`. */
export function requireScopeOfToken(request: FastifyRequest, needed: ApiScope): void {
  if (request.auth?.method === 'token') requireScope(needed, request.auth.scopes ?? []);
}

function requireScope(needed: ApiScope, scopes: readonly ApiScope[]): void {
  if (!scopes.includes(needed)) {
    throw new AppError('insufficient_scope', `This API token may not do this: it needs the '${needed}' scope. Create a token with it on your profile.`);
  }
}
