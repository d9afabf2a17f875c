import { z } from 'zod';
import { PAGING_RULES, idParam } from '../../../shared/schemas/common';
import {
  listNotificationsInput,
  notificationOutput,
  notificationPageOutput,
  notificationPreferencesInput,
  notificationPreferencesOutput,
  readAllOutput,
  unreadCountOutput,
} from '../../../shared/schemas/notifications';
import { protectedProcedure, router } from '../../trpc/init';

const tags = ['notifications'];
const noInput = z.strictObject({}).optional();
const FOR_FAMILIES =
  "Each adult of a family has their own notifications and read state; staff and teachers have none. From a browser session only (API tokens get 403).";

export const notificationsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications',
        tags,
        summary: 'Your notifications, newest first',
        description: `What you were told: activities about your children, your day reports, bookings, replies and messages, read or not. ${FOR_FAMILIES} ${PAGING_RULES}`,
        errorResponses: { 400: 'A bad limit or cursor; errors names it', 401: 'Not signed in' },
      },
    })
    .input(listNotificationsInput)
    .output(notificationPageOutput)
    .query(({ ctx, input }) => ctx.services.notifications.list(ctx.user, input)),

  unreadCount: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications/unread-count',
        tags,
        summary: 'How many of your notifications are unread',
        description: `The bell's count. Live on /ws: join channel notifications:me. ${FOR_FAMILIES}`,
        errorResponses: { 401: 'Not signed in' },
      },
    })
    .input(noInput)
    .output(unreadCountOutput)
    .query(({ ctx }) => ctx.services.notifications.unreadCount(ctx.user)),

  markRead: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/notifications/{id}/read',
        tags,
        summary: 'Mark one notification read',
        description: `Answers the notification with readAt set (marking it again keeps the first time). Another adult's notification answers 404. ${FOR_FAMILIES}`,
        errorResponses: { 400: 'The id is not valid', 401: 'Not signed in', 404: 'Not one of your notifications' },
      },
    })
    .input(idParam)
    .output(notificationOutput)
    .mutation(({ ctx, input }) => ctx.services.notifications.markRead(ctx.user, input.id)),

  markAllRead: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/notifications/read-all',
        tags,
        summary: 'Mark all your notifications read',
        description: `Answers how many were marked now, and the unread count after (0). ${FOR_FAMILIES}`,
        errorResponses: { 401: 'Not signed in' },
      },
    })
    .input(noInput)
    .output(readAllOutput)
    .mutation(({ ctx }) => ctx.services.notifications.markAllRead(ctx.user)),

  preferences: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notification-preferences',
        tags,
        summary: 'Your notification settings',
        description: `Per category (activity, report, booking, community, message), in the app and by push; activity types you muted; quiet hours (no push between start and end, as HH:MM in timeZone). Everything is on until you change it. ${FOR_FAMILIES}`,
        errorResponses: { 401: 'Not signed in' },
      },
    })
    .input(noInput)
    .output(notificationPreferencesOutput)
    .query(({ ctx }) => ctx.services.notifications.preferences(ctx.user)),

  savePreferences: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/notification-preferences',
        tags,
        summary: 'Change your notification settings',
        description: `Send every setting, as GET answers them (without timeZone); quietHours null for none. Applies to notifications made from now on. ${FOR_FAMILIES}`,
        errorResponses: { 400: 'A setting is not valid; errors names it', 401: 'Not signed in' },
      },
    })
    .input(notificationPreferencesInput)
    .output(notificationPreferencesOutput)
    .mutation(({ ctx, input }) => ctx.services.notifications.savePreferences(ctx.user, input)),
});
