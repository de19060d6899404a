import type { FastifyInstance } from 'fastify';
import { MAX_LOGO_BYTES } from '@flightline/domain/club/club-logo';
import * as calls from '@flightline/domain/api/clubs';
import { assertSameClub } from '../../http/context.ts';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import type { ClubFleet } from './club-fleet.ts';
import { getClubLogo, uploadClubLogo } from './logo-service.ts';
import { getClubInfo, getPaymentMethods, listClubSummaries } from './service.ts';
import { getClubSettings, updateClubSettings } from './settings-service.ts';

/**
 * The clubs' calls, declared in packages/domain/src/api/clubs.ts; the logo's image answers bytes, which its handler
 * sends.
 */
export function registerClubRoutes(app: FastifyInstance, { db }: ModuleDeps, fleet: ClubFleet): void {
  defineCallRoute(app, calls.listClubs, {
    async handler() {
      return { clubs: await listClubSummaries(db) };
    },
  });

  defineCallRoute(app, calls.getClubInfo, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getClubInfo(db, ctx, fleet);
    },
  });

  defineCallRoute(app, calls.getClubPaymentMethods, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getPaymentMethods(ctx);
    },
  });

  defineCallRoute(app, calls.getClubSettings, {
    club: ({ query }) => query.club,
    async handler({ ctx }) {
      return getClubSettings(ctx);
    },
  });

  defineCallRoute(app, calls.updateClubSettings, {
    club: ({ body }) => body.club,
    async handler({ body, ctx }) {
      const { club: _club, ...settings } = body;
      return updateClubSettings(db, ctx, settings, fleet);
    },
  });

  defineCallRoute(app, calls.getClubLogoImage, {
    async handler({ params, query, reply }) {
      const logo = await getClubLogo(db, params.clubId, query.v);
      // private: the answer may carry the caller's renewed session cookie.
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(logo.bytes);
    },
  });

  // The image is the request body, as is: its own parser, in its own scope, so no other route takes raw bytes.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4 * MAX_LOGO_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    defineCallRoute(scope, calls.uploadClubLogo, {
      async handler({ query, ctx, request }) {
        assertSameClub(ctx, query.club);
        return uploadClubLogo(db, ctx, request.body);
      },
    });
  });
}
