import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { FamilyRole } from '../../../shared/schemas/auth';
import { ERASURE_GRACE_DAYS, INVITATION_TTL_DAYS, type CreateInvitationInput, type ScheduleErasureInput, type CreatedInvitationDto, type FamilyDto, type InvitationDto, type InvitationPreviewDto } from '../../../shared/schemas/family';
import type { Database, Db } from '../../db/database';
import { foundFamily, requireFamily } from '../../db/family-scope';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import type { Mailer } from '../../lib/mailer';
import { hashSecret, newSecret } from '../../lib/tokens';
import type { AuthenticatedUser } from '../../principal';
import { eraseFamily } from './family-data';
import * as repo from './family.repository';

/** Where an invitation link opens in the app; the secret follows. */
export const JOIN_PAGE_PATH = '/join/';

const INVITATION_NOT_VALID = 'This invitation has expired, has been used or was withdrawn. Ask the family for a new link.';
const LAST_GUARDIAN =
  'A family always keeps at least one guardian. Make another adult a guardian first, or, if you are the only adult, erase the family from Profile.';
const FAMILY_NOT_EMPTY =
  'You are the only adult of a family that still has children or bookings on Nestling, so leaving would leave them with no one. Invite another guardian first.';

/**
 * A family and the adults in it: guardians invite others by a single-use link that lasts 7 days,
 * change their roles and remove them; anyone may leave. A family always keeps a guardian.
 * Whoever ends up outside a family gets a new one of their own, so every parent has one.
 */
export function createFamilyService(deps: {
  db: Kysely<Database>;
  publicOrigin: string;
  /** Absent when the server sends no email: invitation links are then only shown to copy. */
  mailer?: Mailer;
  now?: () => Date;
  log?: FastifyBaseLogger;
  /** Tells every instance that this user's family or role changed, so cached sign-ins are read again. */
  membershipChanged: (userId: number) => Promise<void>;
  /** Ends every session and API token of this user, on every instance (open sockets close). */
  signOutEverywhere: (userId: number) => Promise<void>;
  /** Deletes stored image bytes whose rows an erasure removed. */
  deleteImageBytes?: (rows: { id: string; key: string | null; thumbnail_key: string | null }[]) => Promise<void>;
  /** Deletes stored objects (export zips) whose rows an erasure removed. */
  deleteObjects?: (keys: string[]) => Promise<void>;
}) {
  const { db, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  /** The caller's family, loaded fresh; guardianship is checked on the row, not the cached sign-in. */
  async function familyOf(user: AuthenticatedUser): Promise<FamilyDto> {
    const familyId = requireFamily(user);
    const [family, members] = await Promise.all([repo.findFamily(db, familyId), repo.listMembers(db, familyId)]);
    const you = members.find((member) => member.id === user.id);
    if (!family || !you?.family_role) throw notFound('Your family');
    return {
      id: family.id,
      name: family.name,
      yourRole: you.family_role,
      members: members.map((member) => ({ userId: member.id, name: member.name, email: member.email, familyRole: member.family_role!, isYou: member.id === user.id })),
      erasure: family.erase_after && family.erase_posts ? { eraseAfter: family.erase_after.toISOString(), posts: family.erase_posts } : null,
    };
  }

  /** Locks the family's adults and checks, on the locked rows, that the caller is still one of its guardians. */
  async function lockAsGuardian(trx: Db, user: AuthenticatedUser) {
    const familyId = requireFamily(user);
    const members = await repo.lockMembers(trx, familyId);
    if (members.find((member) => member.id === user.id)?.family_role !== 'guardian') throw forbidden('Only a guardian of the family can do this.');
    return { familyId, members };
  }

  /**
   * Takes the user out of their family, inside the caller's transaction: refused when that
   * would leave the family without a guardian, and the family itself goes when it was theirs
   * alone and holds nothing.
   */
  async function leave(trx: Db, userId: number, familyId: number) {
    const members = await repo.lockMembers(trx, familyId);
    const others = members.filter((member) => member.id !== userId);
    if (others.length === 0) {
      if (await repo.familyHasData(trx, familyId)) throw new AppError('family_not_empty', FAMILY_NOT_EMPTY);
      await repo.endMembership(trx, userId, familyId);
      await repo.deleteFamily(trx, familyId);
      return;
    }
    const leaving = members.find((member) => member.id === userId);
    if (leaving?.family_role === 'guardian' && !others.some((member) => member.family_role === 'guardian')) {
      throw new AppError('last_guardian', LAST_GUARDIAN);
    }
    await repo.endMembership(trx, userId, familyId);
  }

  function toInvitationDto(row: repo.InvitationRow): InvitationDto {
    return {
      id: row.id,
      familyRole: row.family_role,
      email: row.email,
      invitedBy: row.invited_by,
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
    };
  }

  function sendInvitation(to: string, from: AuthenticatedUser, familyName: string, role: FamilyRole, link: string) {
    if (!mailer) return false;
    mailer.send(invitationEmail({ to, inviter: from.name, familyName, role, link })).catch((error: unknown) => {
      // The error names the server and the address, never the message, so the link stays out of the log.
      deps.log?.error({ err: error, userId: from.id }, 'family invitation email failed');
    });
    return true;
  }

  return {
    get: familyOf,

    async rename(user: AuthenticatedUser, name: string): Promise<FamilyDto> {
      await db.transaction().execute(async (trx) => {
        const { familyId } = await lockAsGuardian(trx, user);
        await repo.renameFamily(trx, familyId, name);
      });
      return familyOf(user);
    },

    async listInvitations(user: AuthenticatedUser): Promise<InvitationDto[]> {
      return (await repo.listOpenInvitations(db, requireFamily(user), now())).map(toInvitationDto);
    },

    async getInvitation(user: AuthenticatedUser, invitationId: number): Promise<InvitationDto> {
      const row = await repo.findInvitation(db, requireFamily(user), invitationId);
      if (!row) throw notFound('That invitation');
      return toInvitationDto(row);
    },

    /** A new single-use link; its secret is in the answer this once. */
    async invite(user: AuthenticatedUser, input: CreateInvitationInput): Promise<CreatedInvitationDto> {
      const secret = newSecret();
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITATION_TTL_DAYS * 86_400_000);
      const { id, familyName } = await db.transaction().execute(async (trx) => {
        const { familyId } = await lockAsGuardian(trx, user);
        const family = await repo.findFamily(trx, familyId);
        const invitationId = await repo.insertInvitation(trx, {
          familyId,
          tokenHash: hashSecret(secret),
          familyRole: input.familyRole,
          email: input.email ?? null,
          createdBy: user.id,
          now: at,
          expiresAt,
        });
        return { id: invitationId, familyName: family!.name };
      });
      const link = `${deps.publicOrigin}${JOIN_PAGE_PATH}${secret}`;
      const emailed = input.email !== undefined && sendInvitation(input.email, user, familyName, input.familyRole, link);
      return {
        id,
        familyRole: input.familyRole,
        email: input.email ?? null,
        invitedBy: user.name,
        createdAt: at.toISOString(),
        expiresAt: expiresAt.toISOString(),
        link,
        emailed,
      };
    },

    async revokeInvitation(user: AuthenticatedUser, invitationId: number): Promise<InvitationDto> {
      const row = await db.transaction().execute(async (trx) => {
        const { familyId } = await lockAsGuardian(trx, user);
        if (!(await repo.revokeInvitation(trx, familyId, invitationId, now()))) throw notFound('That invitation');
        return repo.findInvitation(trx, familyId, invitationId);
      });
      return toInvitationDto(row!);
    },

    /** What a link invites to, for the page the invitee opens; anyone holding the link may ask. */
    async previewInvitation(secret: string): Promise<InvitationPreviewDto> {
      const row = await repo.findLiveInvitation(db, hashSecret(secret), now());
      if (!row) throw new AppError('not_found', INVITATION_NOT_VALID);
      return { familyName: row.family_name, invitedBy: row.invited_by, familyRole: row.family_role, expiresAt: row.expires_at.toISOString() };
    },

    /**
     * Joins the family a link invites to, leaving the caller's own: refused when that would leave
     * their family without a guardian or with children and no adult. Joining one's own family
     * again changes nothing and keeps the link.
     */
    async accept(user: AuthenticatedUser, secret: string): Promise<FamilyDto> {
      if (user.role !== 'parent') throw forbidden('Nursery staff and teacher accounts cannot join a family. Sign up with a personal account to follow your own children.');
      const tokenHash = hashSecret(secret);
      const invitation = await repo.findLiveInvitation(db, tokenHash, now());
      if (!invitation) throw new AppError('not_found', INVITATION_NOT_VALID);
      if (invitation.family_id === user.familyId) return familyOf(user);
      const joined = await db.transaction().execute(async (trx) => {
        const claimed = await repo.claimInvitation(trx, tokenHash, user.id, now());
        if (!claimed) throw new AppError('not_found', INVITATION_NOT_VALID);
        if (user.familyId !== null) await leave(trx, user.id, user.familyId);
        await repo.setMembership(trx, user.id, { familyId: claimed.family_id, familyRole: claimed.family_role });
        return claimed;
      });
      await deps.membershipChanged(user.id);
      return familyOf({ ...user, familyId: joined.family_id, familyRole: joined.family_role });
    },

    /** Changes another adult's role; the family keeps a guardian. */
    async changeRole(user: AuthenticatedUser, memberId: number, familyRole: FamilyRole): Promise<FamilyDto> {
      await db.transaction().execute(async (trx) => {
        const { familyId, members } = await lockAsGuardian(trx, user);
        const member = members.find((m) => m.id === memberId);
        if (!member) throw notFound('That member of your family');
        const guardiansAfter = members.filter((m) => (m.id === memberId ? familyRole : m.family_role) === 'guardian');
        if (guardiansAfter.length === 0) throw new AppError('last_guardian', LAST_GUARDIAN);
        await repo.setMembership(trx, memberId, { familyId, familyRole });
      });
      await deps.membershipChanged(memberId);
      return familyOf(user);
    },

    /**
     * Removes another adult, who then has a family of their own, empty. They are signed out
     * everywhere, so no screen or connection they had open keeps showing this family.
     */
    async removeMember(user: AuthenticatedUser, memberId: number): Promise<FamilyDto> {
      if (memberId === user.id) throw badInput('id', 'To leave the family yourself, use Leave family.');
      await db.transaction().execute(async (trx) => {
        const { familyId, members } = await lockAsGuardian(trx, user);
        const member = members.find((m) => m.id === memberId);
        if (!member) throw notFound('That member of your family');
        await repo.endMembership(trx, memberId, familyId);
        await foundFamily(trx, member);
      });
      await deps.signOutEverywhere(memberId);
      return familyOf(user);
    },

    /**
     * Schedules the family's erasure ERASURE_GRACE_DAYS on, once the guardian has typed its name,
     * and signs every adult of it out everywhere: a guardian signing in again cancels it.
     */
    async scheduleErasure(user: AuthenticatedUser, input: ScheduleErasureInput): Promise<FamilyDto> {
      const eraseAfter = new Date(now().getTime() + ERASURE_GRACE_DAYS * 86_400_000);
      const adults = await db.transaction().execute(async (trx) => {
        const { familyId, members } = await lockAsGuardian(trx, user);
        const family = (await repo.findFamily(trx, familyId))!;
        if (input.confirmName.toLocaleLowerCase() !== family.name.trim().toLocaleLowerCase()) {
          throw badInput('confirmName', `Type your family's name exactly as it is, "${family.name}", to confirm.`);
        }
        await repo.setErasure(trx, familyId, { after: eraseAfter, posts: input.posts });
        return members.map((member) => member.id);
      });
      const family = await familyOf(user);
      for (const adult of adults) await deps.signOutEverywhere(adult);
      return family;
    },

    async cancelErasure(user: AuthenticatedUser): Promise<FamilyDto> {
      await db.transaction().execute(async (trx) => {
        const { familyId } = await lockAsGuardian(trx, user);
        await repo.setErasure(trx, familyId, null);
      });
      return familyOf(user);
    },

    /**
     * Erases the families whose grace period is over, a few at a time; any number of instances
     * may run it at once. Answers how many it erased.
     */
    async eraseDue(limit = 10): Promise<number> {
      const erased = await db.transaction().execute(async (trx) => {
        const due = await repo.lockDueErasures(trx, now(), limit);
        const results = [];
        for (const family of due) {
          const adults = await repo.adultIdsOf(trx, family.id);
          const { images, exportKeys } = await eraseFamily(trx, family.id, family.erase_posts ?? 'delete');
          results.push({ adults, images, exportKeys });
        }
        return results;
      });
      for (const { adults, images, exportKeys } of erased) {
        for (const adult of adults) await deps.signOutEverywhere(adult);
        await deps.deleteImageBytes?.(images);
        if (exportKeys.length > 0) await deps.deleteObjects?.(exportKeys);
      }
      return erased.length;
    },

    /** Leaves the family for a new one of the caller's own. */
    async leave(user: AuthenticatedUser): Promise<FamilyDto> {
      const familyId = requireFamily(user);
      const ownFamilyId = await db.transaction().execute(async (trx) => {
        const members = await repo.lockMembers(trx, familyId);
        if (members.length === 1) throw badInput('family', 'You are the only adult in this family, so there is nothing to leave.');
        await leave(trx, user.id, familyId);
        return foundFamily(trx, user);
      });
      await deps.membershipChanged(user.id);
      return familyOf({ ...user, familyId: ownFamilyId, familyRole: 'guardian' });
    },
  };
}

function invitationEmail(invitation: { to: string; inviter: string; familyName: string; role: FamilyRole; link: string }) {
  const as = invitation.role === 'guardian' ? 'a guardian' : 'a carer';
  return {
    to: invitation.to,
    subject: `${invitation.inviter} invited you to ${invitation.familyName} on Nestling`,
    text: [
      'Hello,',
      '',
      `${invitation.inviter} invited you to join ${invitation.familyName} on Nestling as ${as}, to follow the children's day at nursery. To accept, open this link within ${INVITATION_TTL_DAYS} days and sign in or create an account:`,
      '',
      invitation.link,
      '',
      'The link works once. If you were not expecting this, you can ignore this email.',
      '',
      'Nestling',
    ].join('\n'),
  };
}

export type FamilyService = ReturnType<typeof createFamilyService>;
