import { z } from 'zod';
import {
  cameraId,
  cameraParam,
  cameraTokenOutput,
  nurseryCameraSettingsOutput,
  roomViewersOutput,
  updateCameraInput,
  updateOpeningHoursInput,
  viewingLogEntryOutput,
  viewingSessionOutput,
  viewingSessionParam,
} from '../../../shared/schemas/cameras';
import { protectedProcedure, router } from '../../trpc/init';
import { setCameraTokenCookie } from './camera-token-cookie';

const tags = ['monitoring'];
const WHO_MAY_WATCH =
  "A parent may watch only while one of their children is checked in to the camera's classroom (arrived, not yet departed), " +
  "within the nursery's opening hours, and while staff have not paused the camera; staff of its nursery always.";

/** Watching a classroom camera, the viewing log, and the nursery's camera settings. From a browser session only. */
export const cameraAccessRouter = router({
  start: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/cameras/{id}/viewing-sessions',
        tags,
        summary: 'Start watching a camera',
        description:
          `${WHO_MAY_WATCH} Records a viewing session (parents of the room see who watched) and answers its playlist address and a token ` +
          'valid for 60 s: send it as ?token= on the playlist and every segment, and renew it while watching. ' +
          'Also sets it as the HttpOnly cookie nestling_camera_token (Path /api/cameras/{id}/hls, SameSite=Strict, Max-Age 60), for players that cannot add it to each request.',
        successDescription: 'Created: the viewing session, its playlist and first token.',
        errorResponses: { 403: 'You may not watch this camera now; detail says why', 404: 'No such camera in your nursery (staff)' },
      },
      successStatus: 201,
    })
    .input(cameraParam)
    .output(viewingSessionOutput)
    .mutation(async ({ ctx, input }) => {
      const session = await ctx.services.cameras.startViewing(ctx.user, input.id);
      setCameraTokenCookie(ctx.reply, ctx.config, session.cameraId, session.token);
      return session;
    }),

  renew: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/cameras/{id}/viewing-sessions/{sessionId}/token',
        tags,
        summary: 'Renew the token of a viewing session',
        description: `A new 60 s token for your open session, only while you may still watch, also set afresh as the nestling_camera_token cookie. ${WHO_MAY_WATCH}`,
        errorResponses: { 403: 'You may no longer watch, or the session has ended; detail says why', 404: 'Not a viewing session of yours for this camera' },
      },
    })
    .input(viewingSessionParam)
    .output(cameraTokenOutput)
    .mutation(async ({ ctx, input }) => {
      const renewed = await ctx.services.cameras.renewToken(ctx.user, input.id, input.sessionId);
      setCameraTokenCookie(ctx.reply, ctx.config, input.id, renewed.token);
      return renewed;
    }),

  end: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/cameras/{id}/viewing-sessions/{sessionId}',
        tags,
        summary: 'Stop watching',
        description: 'Ends the viewing session: its tokens stop working, and the log records when you stopped. Ending it twice is harmless.',
        errorResponses: { 404: 'Not a viewing session of yours for this camera' },
      },
    })
    .input(viewingSessionParam)
    .output(z.object({ ended: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.services.cameras.endViewing(ctx.user, input.id, input.sessionId)),

  viewers: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/cameras/viewers',
        tags,
        summary: "Who watched your children's rooms",
        description:
          "For each of your children's classrooms, who watched its cameras today and in the past 30 days: staff and your own family by name, " +
          'other parents only as a count. Staff get an empty list: they read GET /cameras/viewing-log.',
      },
    })
    .input(z.strictObject({}).optional())
    .output(z.array(roomViewersOutput))
    .query(({ ctx }) => ctx.services.cameras.roomViewers(ctx.user)),

  log: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/cameras/viewing-log',
        tags,
        summary: "The nursery's full viewing log (nursery staff)",
        description:
          'Every viewing session of your nursery\'s cameras in the last 90 days, newest first (at most 500), optionally for one camera. ' +
          'endedAt is null while someone is watching; a viewing whose player stopped renewing its token (a closed tab) ended when its last token ran out, 60 s after its last renewal.',
        errorResponses: { 403: 'Not nursery staff' },
      },
    })
    .input(z.strictObject({ cameraId: cameraId.optional() }).optional())
    .output(z.array(viewingLogEntryOutput))
    .query(({ ctx, input }) => ctx.services.cameras.nurseryLog(ctx.user, input?.cameraId)),

  settings: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nursery/camera-settings',
        tags,
        summary: "Your nursery's opening hours and cameras (nursery staff)",
        description: 'Opening hours per weekday (a day not listed is closed), and each camera: switched on, in privacy mode, with a video source.',
        errorResponses: { 403: 'Not nursery staff' },
      },
    })
    .input(z.strictObject({}).optional())
    .output(nurseryCameraSettingsOutput)
    .query(({ ctx }) => ctx.services.cameras.settings(ctx.user)),

  updateOpeningHours: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/nursery/opening-hours',
        tags,
        summary: "Set your nursery's opening hours (nursery staff)",
        description: 'Replaces them: each day the nursery opens, with opensAt and closesAt as HH:MM in the nursery\'s time zone. Parents may watch cameras only within them.',
        errorResponses: { 403: 'Not nursery staff' },
      },
    })
    .input(updateOpeningHoursInput)
    .output(nurseryCameraSettingsOutput)
    .mutation(({ ctx, input }) => ctx.services.cameras.updateOpeningHours(ctx.user, input)),

  updateCamera: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/cameras/{id}/settings',
        tags,
        summary: 'Switch a camera on or off, or privacy mode (nursery staff)',
        description: 'privacyMode true pauses the camera at once for every viewer ("Camera paused by staff"); segments stop at the next request.',
        errorResponses: { 403: 'Not nursery staff', 404: 'No such camera in your nursery' },
      },
    })
    .input(updateCameraInput)
    .output(nurseryCameraSettingsOutput)
    .mutation(({ ctx, input }) => ctx.services.cameras.updateCamera(ctx.user, input)),
});
