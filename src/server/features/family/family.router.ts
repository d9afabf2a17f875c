import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import {
  changeMemberRoleInput,
  createInvitationInput,
  createdInvitationOutput,
  familyExportOutput,
  familyOutput,
  invitationOutput,
  invitationPreviewOutput,
  invitationSecretParam,
  memberPasswordResetOutput,
  renameFamilyInput,
  scheduleErasureInput,
} from '../../../shared/schemas/family';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';

const GUARDIANS_ONLY = 'A carer, or a member who is no longer a guardian (guardian_only or forbidden)';
const LINK_404 = 'The link has expired (after 7 days), has been used or withdrawn, or never existed';
const noInput = z.strictObject({}).optional();

const invitationsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/family/invitations',
        tags: ['family'],
        summary: "Your family's open invitations",
        description: 'Invitations not yet accepted, withdrawn or expired, newest first. Their links are not shown again. Guardians only.',
        errorResponses: { 403: GUARDIANS_ONLY },
      },
    })
    .input(noInput)
    .output(z.array(invitationOutput))
    .query(({ ctx }) => ctx.services.family.listInvitations(ctx.user)),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/family/invitations/{id}',
        tags: ['family'],
        summary: 'One of your family’s invitations',
        description: "Open or not. Another family's invitation answers 404. Guardians only.",
        errorResponses: { 403: GUARDIANS_ONLY, 404: 'Not one of your family’s invitations' },
      },
    })
    .input(idParam)
    .output(invitationOutput)
    .query(({ ctx, input }) => ctx.services.family.getInvitation(ctx.user, input.id)),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/family/invitations',
        tags: ['family'],
        summary: 'Invite an adult to your family',
        description:
          "Makes a single-use link that lasts 7 days, for a guardian (everything) or a carer (follows the children's day; cannot book, invite, add children or manage tokens). The link is in this answer only: hand it over. With email, and when this server sends email, it is emailed too (emailed: true). Whoever opens it signs in or signs up, then accepts. Guardians only.",
        successDescription: 'Created: answers 201 with the link.',
        errorResponses: { 403: GUARDIANS_ONLY },
      },
      successStatus: 201,
      location: (invitation: { id: number }) => `/api/family/invitations/${invitation.id}`,
    })
    .input(createInvitationInput)
    .output(createdInvitationOutput)
    .mutation(({ ctx, input }) => ctx.services.family.invite(ctx.user, input)),

  revoke: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/family/invitations/{id}',
        tags: ['family'],
        summary: 'Withdraw an invitation',
        description: 'The link stops working at once. Answers the invitation withdrawn. One already accepted, withdrawn or of another family answers 404. Guardians only.',
        errorResponses: { 403: GUARDIANS_ONLY, 404: 'Not an open invitation of your family' },
      },
    })
    .input(idParam)
    .output(invitationOutput)
    .mutation(({ ctx, input }) => ctx.services.family.revokeInvitation(ctx.user, input.id)),

  preview: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/family-invitations/{secret}',
        tags: ['family'],
        protect: false,
        summary: 'Check an invitation link',
        description: 'Which family a link invites to, by whom, with which role and until when, so the page can say so before the invitee signs in. The secret is the last part of the link.',
        errorResponses: { 404: LINK_404 },
      },
    })
    .input(invitationSecretParam)
    .output(invitationPreviewOutput)
    .query(({ ctx, input }) => ctx.services.family.previewInvitation(input.secret)),

  accept: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/family-invitations/{secret}/acceptance',
        tags: ['family'],
        summary: 'Join a family with an invitation link',
        description:
          "Moves you into the family with the link's role and spends the link. You leave your current family; that is refused (409) when you are its last guardian while others remain (last_guardian), or its only adult while it has children or bookings (family_not_empty). Accepting your own family's link changes nothing. Staff and teacher accounts cannot join (403).",
        errorResponses: { 403: 'A staff or teacher account', 404: LINK_404, 409: 'Leaving your current family is not possible (last_guardian, family_not_empty)' },
      },
    })
    .input(invitationSecretParam)
    .output(familyOutput)
    .mutation(({ ctx, input }) => ctx.services.family.accept(ctx.user, input.secret)),
});

const exportsRouter = router({
  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/family/exports',
        tags: ['family'],
        summary: "Export your family's data",
        description:
          'Starts building a zip of everything Nestling holds about your family: JSON per area with a README describing each file, and the photos. It builds in the background: poll GET /family/exports/{id} for progress; when status is ready, downloadUrl serves the zip for 7 days. Asking while one is under way answers that one. Guardians only.',
        successDescription: 'Accepted: the export is queued or under way.',
        errorResponses: { 403: GUARDIANS_ONLY },
      },
      successStatus: 202,
      location: (created: { id: number }) => `/api/family/exports/${created.id}`,
    })
    .input(noInput)
    .output(familyExportOutput)
    .mutation(({ ctx }) => ctx.services.familyExports.request(ctx.user)),

  list: protectedProcedure
    .meta({
      openapi: { method: 'GET', path: '/family/exports', tags: ['family'], summary: "Your family's exports", description: 'Those still kept, newest first. Guardians only.', errorResponses: { 403: GUARDIANS_ONLY } },
    })
    .input(noInput)
    .output(z.array(familyExportOutput))
    .query(({ ctx }) => ctx.services.familyExports.list(ctx.user)),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/family/exports/{id}',
        tags: ['family'],
        summary: 'One export, with its progress',
        description: "Another family's export answers 404. Guardians only.",
        errorResponses: { 403: GUARDIANS_ONLY, 404: 'Not an export of your family' },
      },
    })
    .input(idParam)
    .output(familyExportOutput)
    .query(({ ctx, input }) => ctx.services.familyExports.get(ctx.user, input.id)),
});

const membersRouter = router({
  changeRole: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/family/members/{id}',
        tags: ['family'],
        summary: "Change an adult's role in your family",
        description: 'id is the member’s user id. The family keeps at least one guardian (409 last_guardian). Guardians only.',
        errorResponses: { 403: GUARDIANS_ONLY, 404: 'Not a member of your family', 409: 'The family would have no guardian (last_guardian)' },
      },
    })
    .input(changeMemberRoleInput)
    .output(familyOutput)
    .mutation(({ ctx, input }) => ctx.services.family.changeRole(ctx.user, input.id, input.familyRole)),

  remove: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/family/members/{id}',
        tags: ['family'],
        summary: 'Remove an adult from your family',
        description:
          'id is the member’s user id. They keep their account, with a family of their own, and are signed out everywhere (sessions and API tokens), so nothing they had open keeps showing your family. To leave yourself, use POST /family/leave. Guardians only.',
        errorResponses: { 403: GUARDIANS_ONLY, 404: 'Not a member of your family' },
      },
    })
    .input(idParam)
    .output(familyOutput)
    .mutation(({ ctx, input }) => ctx.services.family.removeMember(ctx.user, input.id)),

  passwordReset: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/family/members/{id}/password-reset',
        tags: ['family'],
        summary: 'Make a password reset link for an adult of your family',
        description:
          'For a member who cannot get back in and this server sends no email: a single-use link that lasts an hour, to hand over. Opening it lets them choose a new password, and signs them out everywhere. Guardians only.',
        successDescription: 'Created: answers 201 with the link.',
        errorResponses: { 403: GUARDIANS_ONLY, 404: 'Not a member of your family' },
      },
      successStatus: 201,
    })
    .input(idParam)
    .output(memberPasswordResetOutput)
    .mutation(({ ctx, input }) => ctx.services.passwords.issueLinkForFamilyMember(ctx.user, input.id)),
});

export const familyRouter = router({
  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/family',
        tags: ['family'],
        summary: 'Your family',
        description: 'Its name, your role, and its adults, guardians first. Staff and teacher accounts have no family (403).',
        errorResponses: { 403: 'A staff or teacher account' },
      },
    })
    .input(noInput)
    .output(familyOutput)
    .query(({ ctx }) => ctx.services.family.get(ctx.user)),

  rename: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/family',
        tags: ['family'],
        summary: 'Rename your family',
        description: 'Guardians only.',
        errorResponses: { 403: GUARDIANS_ONLY },
      },
    })
    .input(renameFamilyInput)
    .output(familyOutput)
    .mutation(({ ctx, input }) => ctx.services.family.rename(ctx.user, input.name)),

  leave: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/family/leave',
        tags: ['family'],
        summary: 'Leave your family',
        description:
          'You keep your account, with a new family of your own, and your family keeps its children and bookings. Refused (409 last_guardian) when you are its last guardian while others remain, and (400) when you are its only adult.',
        errorResponses: { 409: 'You are the last guardian (last_guardian)' },
      },
    })
    .input(noInput)
    .output(familyOutput)
    .mutation(({ ctx }) => ctx.services.family.leave(ctx.user)),

  scheduleErasure: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/family/erasure',
        tags: ['family'],
        summary: 'Erase your family, after 7 days',
        description:
          "Type the family's name as confirmName. In 7 days every adult's account, the children, photos and uploads are erased; community posts and comments are deleted or kept with no author ('A parent'), as posts says; bookings stay only as the anonymised record the teacher or service needs. Every adult is signed out now: a guardian signing in again before then cancels it. Guardians only.",
        successDescription: 'Accepted: the erasure is scheduled (see erasure.eraseAfter).',
        errorResponses: { 403: GUARDIANS_ONLY },
      },
      successStatus: 202,
    })
    .input(scheduleErasureInput)
    .output(familyOutput)
    .mutation(({ ctx, input }) => ctx.services.family.scheduleErasure(ctx.user, input)),

  cancelErasure: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/family/erasure',
        tags: ['family'],
        summary: 'Cancel a scheduled erasure',
        description: 'Cancelling when none is scheduled changes nothing. Guardians only.',
        errorResponses: { 403: GUARDIANS_ONLY },
      },
    })
    .input(noInput)
    .output(familyOutput)
    .mutation(({ ctx }) => ctx.services.family.cancelErasure(ctx.user)),

  invitations: invitationsRouter,
  members: membersRouter,
  exports: exportsRouter,
});
