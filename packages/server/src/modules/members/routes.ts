import type { FastifyInstance } from 'fastify';
import * as calls from '@flightline/domain/api/members';
import { assertSameClub } from '../../http/context.ts';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { createPilot, getPilotRecord, listDirectory, listPilotClubs, switchClub } from './service.ts';
import { findUserById } from './repo.ts';
import { acceptInvitation, inviteMember, listOpenInvitations } from './invitation-service.ts';
import { sessionInfo } from './session-service.ts';

/** The members' calls, declared in packages/domain/src/api/members.ts. */
export function registerMemberRoutes(app: FastifyInstance, { db, mailer, authSecret, publicUrl }: ModuleDeps): void {
  defineCallRoute(app, calls.session, {
    async handler({ ctx }) {
      const person = ctx.user ? await findUserById(db, ctx.user.id) : undefined;
      return sessionInfo(ctx, person);
    },
  });

  defineCallRoute(app, calls.getPilotClubs, {
    async handler({ params, ctx }) {
      return { clubs: await listPilotClubs(db, ctx, params.id) };
    },
  });

  defineCallRoute(app, calls.switchClub, {
    async handler({ body, ctx }) {
      return switchClub(db, ctx, body.club);
    },
  });

  defineCallRoute(app, calls.getPilot, {
    async handler({ query, ctx }) {
      return getPilotRecord(db, ctx, { userId: query.userID, club: query.club });
    },
  });

  defineCallRoute(app, calls.listMembers, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return { pilots: await listDirectory(db, ctx) };
    },
  });

  // The service checks the club named: a non-admin has always been refused before that.
  defineCallRoute(app, calls.inviteMember, {
    async handler({ body, ctx }) {
      return inviteMember(db, ctx, body, { mailer, secret: authSecret, publicUrl });
    },
  });

  defineCallRoute(app, calls.acceptInvitation, {
    async handler({ body, ctx }) {
      return acceptInvitation(db, ctx, body.invitation, { secret: authSecret });
    },
  });

  defineCallRoute(app, calls.getInvitations, {
    async handler({ ctx }) {
      return { invitations: await listOpenInvitations(db, ctx, { secret: authSecret }) };
    },
  });

  defineCallRoute(app, calls.createPilot, {
    async handler({ body, ctx }) {
      return createPilot(db, ctx, body);
    },
  });
}
