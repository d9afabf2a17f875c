/**
 * What a personal API token may do. Each scope names one area and whether it reads or writes;
 * a token holds the scopes chosen when it was created. Operations a token may not do at all
 * (managing tokens, sessions, the profile and the calendar link) need a browser session.
 */
export const API_SCOPES = {
  'profile:read': 'See your name and email',
  'events:read': 'Catch up on what happened (the event log), for whatever else this token may see',
  'children:read': 'See your children',
  'children:write': 'Add children',
  'activities:read': "See your children's classroom activity, live on /ws too",
  'activities:write': 'Log classroom activities (nursery staff)',
  'bookings:read': 'See your bookings',
  'bookings:write': 'Make and cancel bookings',
  'community:read': 'Read the community',
  'community:write': 'Post, comment, like, report and join groups',
  'messages:read': "Read the messages between you and your child's classroom (nursery staff: with families)",
  'messages:write': 'Send messages and mark them read',
  'webhooks:manage': "Register, list and remove your webhooks, see their deliveries and resend them (nursery staff: the nursery's)",
} as const;

export type ApiScope = keyof typeof API_SCOPES;
export const apiScopeNames = Object.keys(API_SCOPES) as [ApiScope, ...ApiScope[]];

/** What a token gets when its creator names no scopes: reading, never writing. */
export const DEFAULT_API_SCOPES = apiScopeNames.filter((scope) => scope.endsWith(':read'));
