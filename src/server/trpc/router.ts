import { articlesRouter, assistantRouter } from '../features/assistant/assistant.router';
import { apiTokensRouter, authRouter, usersRouter } from '../features/auth/auth.router';
import { passkeysRouter } from '../features/auth/passkeys.router';
import { passwordRouter } from '../features/auth/password.router';
import { sessionsRouter } from '../features/auth/sessions.router';
import { twoStepRouter } from '../features/auth/two-step.router';
import { calendarSubscriptionRouter } from '../features/shadow-bookings/calendar-subscription.router';
import { shadowBookingsRouter, shadowTeachersRouter } from '../features/shadow-bookings/shadow-bookings.router';
import { productsRouter } from '../features/shop/shop.router';
import { childrenRouter } from '../features/children/children.router';
import { dailyReportsRouter } from '../features/daily-reports/daily-reports.router';
import { communityRouter } from '../features/community/community.router';
import { familyRouter } from '../features/family/family.router';
import { healthRouter } from '../features/health/health.router';
import { messagesRouter } from '../features/messages/messages.router';
import { mentalHealthRouter } from '../features/mental-health/mental-health.router';
import { activitiesRouter, camerasRouter, classroomsRouter } from '../features/monitoring/monitoring.router';
import { nurseriesRouter } from '../features/nurseries/nurseries.router';
import { cameraAccessRouter } from '../features/cameras/cameras.router';
import { webhooksRouter } from '../features/webhooks/webhooks.router';
import { pushSubscriptionsRouter } from '../features/push/push.router';
import { eventsRouter } from '../features/events/events.router';
import { notificationsRouter } from '../features/notifications/notifications.router';
import { router } from './init';
import { problemsRouter } from './problems.router';

export const appRouter = router({
  health: healthRouter,
  auth: authRouter,
  users: usersRouter,
  apiTokens: apiTokensRouter,
  sessions: sessionsRouter,
  password: passwordRouter,
  passkeys: passkeysRouter,
  twoStep: twoStepRouter,
  family: familyRouter,
  children: childrenRouter,
  dailyReports: dailyReportsRouter,
  cameras: camerasRouter,
  cameraAccess: cameraAccessRouter,
  activities: activitiesRouter,
  classrooms: classroomsRouter,
  products: productsRouter,
  nurseries: nurseriesRouter,
  shadowTeachers: shadowTeachersRouter,
  assistant: assistantRouter,
  articles: articlesRouter,
  shadowBookings: shadowBookingsRouter,
  calendarSubscription: calendarSubscriptionRouter,
  community: communityRouter,
  mentalHealth: mentalHealthRouter,
  webhooks: webhooksRouter,
  messages: messagesRouter,
  pushSubscriptions: pushSubscriptionsRouter,
  events: eventsRouter,
  notifications: notificationsRouter,
  problems: problemsRouter,
});

export type AppRouter = typeof appRouter;
