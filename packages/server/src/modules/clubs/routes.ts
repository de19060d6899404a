import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_LOGO_BYTES } from '@flightline/domain/club-logo';
import { clubSettingsSchema } from '@flightline/domain/schemas/fleet';
import { assertSameClub } from '../../http/context.ts';
import { clubParam } from '../../http/params.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { getClubLogo, uploadClubLogo } from './logo-service.ts';
import { getClubInfo, getPaymentMethods, listClubSummaries } from './service.ts';
import { getClubSettings, updateClubSettings } from './settings-service.ts';

export function registerClubRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/list-clubs',
    summary: 'Every club, by name (the choices for a membership request)',
    access: 'user',
    async handler() {
      return { clubs: await listClubSummaries(db) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-club-info',
    summary: "The active club's settings, units and sanitised message",
    access: 'member',
    query: z.object({ club: clubParam }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getClubInfo(db, ctx);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-club-payment-methods',
    summary: "The active club's payment methods",
    access: 'member',
    query: z.object({ club: clubParam }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getPaymentMethods(ctx);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-club-settings',
    summary: "The active club's settings as an admin edits them (admin)",
    access: 'member',
    query: z.object({ club: clubParam }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getClubSettings(ctx);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/update-club-settings',
    summary: "Replace the active club's settings (admin)",
    access: 'member',
    body: clubSettingsSchema.safeExtend({ club: clubParam }),
    async handler({ body, ctx }) {
      const { club, ...settings } = body;
      assertSameClub(ctx, club);
      return updateClubSettings(db, ctx, settings);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/club-logo/:clubId',
    summary: "A club's uploaded logo image (?v= its SHA-256); cached for good, as the address changes with the image",
    access: 'public',
    async handler({ request, reply }) {
      const { clubId } = request.params as { clubId: string };
      const logo = await getClubLogo(db, clubId, (request.query as { v?: unknown }).v);
      // private: the answer may carry the caller's renewed session cookie.
      return reply.header('content-type', logo.contentType).header('cache-control', 'private, max-age=31536000, immutable').send(logo.bytes);
    },
  });

  // The image is the request body, as is: its own parser, in its own scope, so no other route takes raw bytes.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4 * MAX_LOGO_BYTES }, (_request, body, done) => done(null, body));
    defineRoute(scope, {
      method: 'POST',
      url: '/api/upload-club-logo',
      summary: "Upload an image for the club's logo (admin; the body is a PNG, JPEG or WebP file of at most 256 kB); answers its address, which Save in the settings makes the logo",
      access: 'member',
      query: z.object({ club: clubParam }),
      async handler({ query, ctx, request }) {
        assertSameClub(ctx, query.club);
        return uploadClubLogo(db, ctx, request.body);
      },
    });
  });
}
