import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PendingInvitation } from '@flightline/domain/api/types';
import { isMembershipActive } from '@flightline/domain/time/club-time';
import { INVITATION_DAYS, type InviteMember } from '@flightline/domain/schemas/invitations';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, type MemberContext, type UserContext } from '../../http/context.ts';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import {
  activatePilot,
  findInvitationForUpdate,
  findPendingInvitationForUpdate,
  insertInvitation,
  listOpenInvitationsOfEmail,
  markInvitationAccepted,
  renewInvitation,
} from './invitation-repo.ts';
import { findPilotForUpdate, findUserByEmail, insertPilot, setActiveClub } from './repo.ts';

/**
 * User Administration's New (issue 15 item 8; consent, issue 25 item 1). An
 * admin invites a person by email; nobody joins a club without saying yes.
 * Every email, with an account or not, gets an invitation mail, and the
 * admin's answer is the same for both: it tells neither whether an account
 * exists nor its name. The person joins the club, active, when they accept
 * it signed in with that email — from the mailed link or from Settings
 * (POST /api/accept-invitation; better-auth's open calls stay as they are).
 * Until then they have no pilot row there, so no read of the club shows them.
 * An invitation belongs to one club, is used once, expires after
 * INVITATION_DAYS, and inviting the same email again mails the same link.
 */

export interface InvitationDeps {
  mailer: Mailer;
  /** The server's secret: a link's secret is an HMAC of the invitation id under it. */
  secret: string;
  /** Where the link points (PUBLIC_URL). */
  publicUrl: string;
}

export type InviteAnswer =
  | { status: 'member'; message: string; pilotID: string }
  | { status: 'invited'; message: string; email: string; expiresAt: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The most invitations Settings lists at once. */
const OPEN_INVITATIONS_LIMIT = 50;

function linkSecret(secret: string, invitationId: string): string {
  return createHmac('sha256', secret).update(`club-invitation:${invitationId}`).digest('base64url');
}

/** What the link carries and accept-invitation takes: `<id>.<secret>`. */
function invitationCode(secret: string, invitationId: string): string {
  return `${invitationId}.${linkSecret(secret, invitationId)}`;
}

/**
 * The link: `/signup?invite=<id>.<secret>` (signed in, it accepts at once; signed out, the page offers sign-up and
 * login).
 */
export function invitationLink(deps: Pick<InvitationDeps, 'secret' | 'publicUrl'>, invitationId: string): string {
  const url = new URL('/signup', deps.publicUrl);
  url.searchParams.set('invite', invitationCode(deps.secret, invitationId));
  return url.toString();
}

/** The mail: to someone with an account, how to accept it by logging in; to anyone else, how to sign up. */
function invitationMail(input: {
  to: string;
  by: string;
  clubName: string;
  link: string;
  expiresAt: Date;
  hasAccount: boolean;
}): Mail {
  const until = input.expiresAt.toISOString().slice(0, 10);
  const how = input.hasAccount
    ? `You already have a Flightline account with this email address (${input.to}). To join, open this link ` +
      `and log in if asked, or accept the invitation in Flightline under Settings:\n\n    ${input.link}\n\n` +
      `Until you accept, the club sees nothing of your account. `
    : `Sign up with this email address (${input.to}) from this link, then ` +
      `confirm the code we email you:\n\n    ${input.link}\n\n`;
  return {
    to: input.to,
    subject: `You are invited to join ${input.clubName} on Flightline`,
    text:
      `${input.by} invited you to join ${input.clubName} on Flightline.\n\n` +
      how +
      `The link works once, until ${until}. If you did not expect it, ignore this message.\n`,
  };
}

export async function inviteMember(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: InviteMember,
  deps: InvitationDeps,
): Promise<InviteAnswer> {
  assertSameClub(ctx, input.club);
  const email = input.email;
  const at = new Date(ctx.now);
  const club = ctx.club;
  const answer = await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    const pilot = user ? await findPilotForUpdate(trx, club.id, user.id) : undefined;
    // One of the club's own active members: the admin already sees them, with their login email, in User
    // Administration.
    if (
      user &&
      pilot &&
      isMembershipActive(
        { isActive: pilot.is_active, activeExpiration: pilot.active_expiration },
        club.time_zone,
        ctx.now,
      )
    ) {
      const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
      return {
        kind: 'member' as const,
        answer: {
          status: 'member' as const,
          message: `${name} is already an active member of ${club.name}`,
          pilotID: user.id,
        },
      };
    }
    const expiresAt = new Date(ctx.now + INVITATION_DAYS * DAY_MS);
    let invitation = await findPendingInvitationForUpdate(trx, club.id, email);
    if (invitation && invitation.expires_at.getTime() <= ctx.now) {
      invitation = await renewInvitation(trx, invitation.id, { invitedBy: ctx.user.id, expiresAt });
    }
    if (!invitation) {
      invitation =
        (await insertInvitation(trx, { clubId: club.id, email, invitedBy: ctx.user.id, createdAt: at, expiresAt })) ??
        // Another admin's invitation of the same email committed first: that one is mailed again.
        (await findPendingInvitationForUpdate(trx, club.id, email))!;
    }
    return { kind: 'invite' as const, invitation, hasAccount: user !== undefined };
  });
  if (answer.kind === 'member') return answer.answer;
  const { invitation, hasAccount } = answer;
  const by = `${ctx.user.firstName} ${ctx.user.lastName}`.trim() || 'An admin';
  const mail = invitationMail({
    to: email,
    by,
    clubName: club.name,
    link: invitationLink(deps, invitation.id),
    expiresAt: invitation.expires_at,
    hasAccount,
  });
  try {
    await deps.mailer.send(mail);
  } catch {
    throw new HttpError(
      503,
      `The invitation to ${email} is saved, but the mail could not be sent: try again in a moment`,
    );
  }
  return {
    status: 'invited',
    message: `An invitation was sent to ${email}`,
    email,
    expiresAt: invitation.expires_at.getTime(),
  };
}

/** Settings: the invitations to the caller's login email still open, each with the code accept-invitation takes. */
export async function listOpenInvitations(
  db: Kysely<DB>,
  ctx: UserContext,
  deps: Pick<InvitationDeps, 'secret'>,
): Promise<PendingInvitation[]> {
  const rows = await listOpenInvitationsOfEmail(
    db,
    ctx.user.email.trim().toLowerCase(),
    new Date(ctx.now),
    OPEN_INVITATIONS_LIMIT,
  );
  return rows.map((row) => ({
    invitation: invitationCode(deps.secret, row.id),
    clubName: row.club_name,
    invitedBy: `${row.firstName} ${row.lastName}`.trim(),
    expiresAt: row.expires_at.getTime(),
  }));
}

const NOT_VALID =
  'This invitation link is not valid: open the link from the email again, or ask the club for a new invitation';

/**
 * The signed-in invitee accepts (the link, or Settings): they join the invitation's club, active, and it becomes
 * their active club.
 */
export async function acceptInvitation(
  db: Kysely<DB>,
  ctx: UserContext,
  code: string,
  deps: Pick<InvitationDeps, 'secret'>,
): Promise<{ status: 'ok'; message: string; club: { id: string; name: string } }> {
  const [id = '', given = ''] = code.split('.');
  const expected = Buffer.from(linkSecret(deps.secret, id));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) throw notFound(NOT_VALID);
  const at = new Date(ctx.now);
  return db.transaction().execute(async (trx) => {
    const invitation = await findInvitationForUpdate(trx, id);
    if (!invitation) throw notFound(NOT_VALID);
    const welcome = {
      status: 'ok' as const,
      message: `Welcome to ${invitation.club_name}`,
      club: { id: invitation.club_id, name: invitation.club_name },
    };
    if (invitation.accepted_at !== null) {
      // The invitee's own second tap (a retry) answers again; anyone else's is refused.
      if (invitation.accepted_by === ctx.user.id) return welcome;
      throw conflict('This invitation was already used');
    }
    if (invitation.email !== ctx.user.email.trim().toLowerCase()) {
      throw forbidden(
        'This invitation was sent to another email address: sign up or log in with the address it was sent to',
      );
    }
    if (invitation.expires_at.getTime() <= ctx.now) {
      throw conflict(
        `This invitation expired on ${invitation.expires_at.toISOString().slice(0, 10)}: ask the club for a new one`,
      );
    }
    const existing = await findPilotForUpdate(trx, invitation.club_id, ctx.user.id);
    if (!existing)
      await insertPilot(trx, {
        club_id: invitation.club_id,
        user_id: ctx.user.id,
        is_active: true,
        activated_at: at,
        requested_at: at,
      });
    else if (
      !isMembershipActive(
        { isActive: existing.is_active, activeExpiration: existing.active_expiration },
        invitation.time_zone,
        ctx.now,
      )
    ) {
      // A request, a declined, deactivated or expired membership: the person said yes, so they are active from now.
      await activatePilot(trx, invitation.club_id, ctx.user.id, at);
    }
    await setActiveClub(trx, ctx.user.id, invitation.club_id);
    await markInvitationAccepted(trx, invitation.id, ctx.user.id, at);
    return welcome;
  });
}
