import { z } from 'zod';
import { OGN_MODES } from '../ogn/settings.ts';
import { clubSettingsSchema } from '../schemas/fleet.ts';
import { defineCall } from './define-call.ts';
import { clubParam, clubQuery } from './params.ts';

/**
 * The clubs' calls. The logo's upload sends the image itself as its body
 * (the web app's `callFile()`), so its input is its query. The logo's image
 * (GET /api/club-logo/:clubId) answers bytes, not JSON: declared with the
 * media type it produces, it is shown by an <img>, never call()ed.
 */

export const clubSummaryAnswer = z.object({ id: z.string(), name: z.string(), shortName: z.string() });

/** A club the person belongs to: active member, inactive (expired or deactivated), or a pending request. */
export const pilotClubAnswer = clubSummaryAnswer.extend({ status: z.enum(['active', 'inactive', 'pending']) });

const heightUnit = z.enum(['ft', 'm']);

export const clubSettingsAnswer = z.object({
  name: z.string(),
  shortName: z.string(),
  clubLink: z.string(),
  clubLogo: z.string(),
  /**
   * As written: the editor's source text, never to be rendered as HTML (the session and get-club-info carry it
   * sanitised).
   */
  message: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  heightUnit,
  taxRates: z.record(z.string(), z.number()),
  membershipYearEnd: z.string(),
  warningLevelCents: z.number(),
  minimumLevelCents: z.number(),
  paymentMethods: z.array(z.string()),
  /** Minutes a tap time may be older than its arrival before it is recorded as entered late. */
  lateEntryMinutes: z.number(),
  /** The OGN feed (docs/ogn.md "Settings"): the settings call answers it; club info leaves it out. */
  ogn: z
    .object({
      mode: z.enum(OGN_MODES),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      elevationMetres: z.number().nullable(),
      radiusKm: z.number(),
    })
    .optional(),
});

export const listClubs = defineCall({
  method: 'GET',
  path: '/api/list-clubs',
  summary: 'Every club, by name (the choices for a membership request)',
  access: 'user',
  answer: z.object({ clubs: z.array(clubSummaryAnswer) }),
});

export const getClubInfo = defineCall({
  method: 'GET',
  path: '/api/get-club-info',
  summary: "The active club's settings, units and sanitised message",
  access: 'member',
  query: clubQuery,
  // The settings an admin edits, and what the club's members need besides them.
  answer: clubSettingsAnswer.extend({
    id: z.string(),
    /** Sanitised rich text. */
    message: z.string(),
    transactionLockDate: z.string().nullable(),
    introStalePeriod: z.number(),
    feeList: z.array(z.string()),
    units: z.object({ launch: z.array(z.string()) }),
  }),
});

export const getClubPaymentMethods = defineCall({
  method: 'GET',
  path: '/api/get-club-payment-methods',
  summary: "The active club's payment methods",
  access: 'member',
  query: clubQuery,
  answer: z.object({ paymentMethods: z.array(z.string()) }),
});

const SETTINGS_REFUSAL = 'Only an admin can see or change the club settings';

export const getClubSettings = defineCall({
  method: 'GET',
  path: '/api/get-club-settings',
  summary: "The active club's settings as an admin edits them (admin)",
  access: 'member',
  right: 'admin',
  refusal: SETTINGS_REFUSAL,
  query: clubQuery,
  answer: clubSettingsAnswer,
});

export const updateClubSettings = defineCall({
  method: 'POST',
  path: '/api/update-club-settings',
  summary: "Replace the active club's settings (admin)",
  access: 'member',
  right: 'admin',
  refusal: SETTINGS_REFUSAL,
  body: clubSettingsSchema.safeExtend({ club: clubParam }),
  answer: clubSettingsAnswer,
});

// The service refuses a non-admin with its own message.
export const uploadClubLogo = defineCall({
  method: 'POST',
  path: '/api/upload-club-logo',
  summary:
    "Upload an image for the club's logo (admin; the body is a PNG, JPEG or WebP file of at " +
    'most 256 kB); answers its address, which Save in the settings makes the logo',
  access: 'member',
  query: clubQuery,
  answer: z.object({ clubLogo: z.string() }),
});

export const getClubLogoImage = defineCall({
  method: 'GET',
  path: '/api/club-logo/:clubId',
  summary: "A club's uploaded logo image (?v= its SHA-256); cached for good, as the address changes with the image",
  access: 'public',
  // Any text: an unknown club or logo answers 404, never a refusal of the input.
  params: z.object({ clubId: z.string() }),
  query: z.object({ v: z.unknown().optional() }),
  produces: 'image/*',
  answer: z.unknown(),
});
