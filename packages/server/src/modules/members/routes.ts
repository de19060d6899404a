import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { acceptInvitationSchema, inviteMemberSchema } from '@flightline/domain/schemas/invitations';
import { pilotCreateSchema, switchClubSchema } from '@flightline/domain/schemas/members';
import { assertSameClub } from '../../http/context.ts';
import { clubParam, userIdParam } from '../../http/params.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { createPilot, getPilotRecord, listDirectory, listPilotClubs, switchClub } from './service.ts';
import { findUserById } from './repo.ts';
import { acceptInvitation, inviteMember } from './invitation-service.ts';
import { sessionInfo } from './session-service.ts';

export function registerMemberRoutes(app: FastifyInstance, { db, mailer, authSecret, publicUrl }: ModuleDeps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/session',
    summary: 'Who is signed in, their active club and their rights there',
    access: 'public',
    async handler({ ctx }) {
      const person = ctx.user ? await findUserById(db, ctx.user.id) : undefined;
      return sessionInfo(ctx, person);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-pilot-clubs/:id',
    summary: "The caller's clubs: active, inactive or pending membership",
    access: 'user',
    params: z.object({ id: userIdParam }),
    async handler({ params, ctx }) {
      return { clubs: await listPilotClubs(db, ctx, params.id!) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/switch-club',
    summary: 'Make another club where the caller is a member (or asked to be) the active club',
    access: 'user',
    body: switchClubSchema,
    async handler({ body, ctx }) {
      return switchClub(db, ctx, body.club);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-pilot',
    summary: "A pilot record: the caller's own, or (admins) a member's of the active club",
    access: 'user',
    query: z.object({ club: clubParam, userID: userIdParam.optional() }),
    async handler({ query, ctx }) {
      return getPilotRecord(db, ctx, { userId: query.userID, club: query.club });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/list-members',
    summary: 'The directory: active members of the active club, contacts as shared',
    access: 'member',
    query: z.object({ club: clubParam }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return { pilots: await listDirectory(db, ctx) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/invite-member',
    summary: 'User Administration New (admin): add an existing account to the club as active, or mail an unknown email an invitation to sign up',
    access: 'member',
    body: inviteMemberSchema,
    async handler({ body, ctx }) {
      return inviteMember(db, ctx, body, { mailer, secret: authSecret, publicUrl });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/accept-invitation',
    summary: "The signed-in invitee confirms an invitation link: they join its club as an active member, and it becomes their active club",
    access: 'user',
    body: acceptInvitationSchema,
    async handler({ body, ctx }) {
      return acceptInvitation(db, ctx, body.invitation, { secret: authSecret });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/pilot',
    summary: "Store the caller's names and create their profile (no active club) after sign-up",
    access: 'user',
    body: pilotCreateSchema,
    async handler({ body, ctx }) {
      return createPilot(db, ctx, body);
    },
  });
}
