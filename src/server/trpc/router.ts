import { apiTokensRouter, authRouter, usersRouter } from '../features/auth/auth.router';
import { shadowBookingsRouter } from '../features/bookings/bookings.router';
import { productsRouter, shadowTeachersRouter } from '../features/catalog/catalog.router';
import { healthRouter } from '../features/health/health.router';
import { activitiesRouter, camerasRouter, childrenRouter } from '../features/monitoring/monitoring.router';
import { nurseriesRouter } from '../features/nurseries/nurseries.router';
import { router } from './init';

export const appRouter = router({
  health: healthRouter,
  auth: authRouter,
  users: usersRouter,
  apiTokens: apiTokensRouter,
  children: childrenRouter,
  cameras: camerasRouter,
  activities: activitiesRouter,
  products: productsRouter,
  nurseries: nurseriesRouter,
  shadowTeachers: shadowTeachersRouter,
  shadowBookings: shadowBookingsRouter,
});

export type AppRouter = typeof appRouter;
