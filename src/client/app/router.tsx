import { createRootRoute, createRoute, createRouter, lazyRouteComponent, type RouteComponent, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from './pages/not-found-page';
import { AppLayout } from './shell/app-layout';
import { withRouteStyles } from '../lib/lazy-with-styles';
import { DashboardPage } from './pages/dashboard/dashboard-page';
import { messagesSearch } from '../features/messages/messages-search';
import { PageLoader } from '../components/page-loader';

/** Only same-site paths may be a post-sign-in destination. */
function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

const rootRoute = createRootRoute({
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});

/**
 * Each screen is its own chunk, loaded when first visited. The module is typed loosely on
 * purpose: inferring page types here would make the router's type depend on itself (pages use
 * typed links), and TypeScript would give up and fall back to an untyped router.
 */
const lazyPage = (load: () => Promise<unknown>, exportName: string): LazyPage =>
  Object.assign(lazyRouteComponent(() => withRouteStyles(load) as Promise<Record<string, RouteComponent>>, exportName), { exportName });

/** A screen loaded lazily, with the name of its export, which a server render reports (renderedPageExports). */
type LazyPage = RouteComponent & { exportName: string };

const page = <TPath extends string>(path: TPath, component: RouteComponent) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

// The dashboard is the first screen most visits open: bundled with the app rather than fetched
// after it, which saves a round trip before anything useful paints.
const dashboardRoute = page('/', DashboardPage);
const nurseriesRoute = page('/nurseries', lazyPage(() => import('../features/nurseries/nurseries-page'), 'NurseriesPage'));
const monitoringRoute = page('/monitoring', lazyPage(() => import('../features/monitoring/monitoring-page'), 'MonitoringPage'));
const assistantRoute = page('/assistant', lazyPage(() => import('../features/assistant/assistant-page'), 'AssistantPage'));
const shopRoute = page('/shop', lazyPage(() => import('../features/shop/shop-page'), 'ShopPage'));
const shadowTeachersRoute = page('/shadow-teachers', lazyPage(() => import('../features/shadow-bookings/shadow-teachers-page'), 'ShadowTeachersPage'));
const profileRoute = page('/profile', lazyPage(() => import('./pages/profile/profile-page'), 'ProfilePage'));
const mentalHealthRoute = page('/mental-health', lazyPage(() => import('../features/mental-health/mental-health-page'), 'MentalHealthPage'));
const communityRoute = page('/community', lazyPage(() => import('../features/community/community-page'), 'CommunityPage'));
const notificationsRoute = page('/notifications', lazyPage(() => import('../features/notifications/notifications-page'), 'NotificationsPage'));

const staffRoute = page('/staff', lazyPage(() => import('./pages/staff/staff-page'), 'StaffPage'));
const articleRoute = page('/articles/$slug', lazyPage(() => import('../features/assistant/article-page'), 'ArticlePage'));
const dailyReportRoute = page('/children/$childId/report/$date', lazyPage(() => import('../features/daily-reports/daily-report-page'), 'DailyReportPage'));

const authSearch = (search: Record<string, unknown>): { redirect?: string } => ({ redirect: safeRedirect(search.redirect) });

// Reached from each child's card ("Message classroom"), not from the navigation.
const messagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/messages',
  validateSearch: (search: Record<string, unknown>) => messagesSearch(search),
  component: lazyPage(() => import('../features/messages/messages-page'), 'MessagesPage'),
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: authSearch,
  component: lazyPage(() => import('../features/auth/sign-in-page'), 'SignInPage'),
});
const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-up',
  validateSearch: authSearch,
  component: lazyPage(() => import('../features/auth/sign-up-page'), 'SignUpPage'),
});

const forgotPasswordRoute = page('/forgot-password', lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'));
const resetPasswordRoute = page('/reset-password/$secret', lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'));
const joinFamilyRoute = page('/join/$secret', lazyPage(() => import('../features/family/join-family-page'), 'JoinFamilyPage'));

export const routeTree = rootRoute.addChildren([
  dashboardRoute,
  nurseriesRoute,
  monitoringRoute,
  assistantRoute,
  shopRoute,
  shadowTeachersRoute,
  profileRoute,
  mentalHealthRoute,
  communityRoute,
  notificationsRoute,
  articleRoute,
  dailyReportRoute,
  staffRoute,
  messagesRoute,
  signInRoute,
  signUpRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  joinFamilyRoute,
]);

/**
 * The browser's history by default; tests and the server pass a memory history. `nonce` is the
 * page's CSP nonce, for any script the router writes while the server renders.
 */
export function createAppRouter(options: { history?: RouterHistory; nonce?: string } = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    ssr: options.nonce ? { nonce: options.nonce } : undefined,
    defaultPendingComponent: PageLoader,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type ClientRouter = ReturnType<typeof createAppRouter>;

/** The exports of the lazily loaded screens the router's current matches render. */
export function renderedPageExports(router: ClientRouter): string[] {
  return router.state.matches.flatMap((match) => {
    const component = router.routesById[match.routeId].options.component as Partial<LazyPage> | undefined;
    return component?.exportName ? [component.exportName] : [];
  });
}

declare module '@tanstack/router-core' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
