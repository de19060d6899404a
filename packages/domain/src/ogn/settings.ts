import { z } from 'zod';

/**
 * A club's OGN feed settings (docs/ogn.md "Settings"): off, suggest (the line
 * page offers each detected event for one tap) or record (the server records
 * it), and the airfield the club watches — each club keeps to its own radius.
 */
export const OGN_MODES = ['off', 'suggest', 'record'] as const;
export type OgnMode = (typeof OGN_MODES)[number];

export const OGN_RADIUS_KM_MIN = 1;
export const OGN_RADIUS_KM_MAX = 100;

export const ognSettingsSchema = z
  .object({
    mode: z.enum(OGN_MODES),
    latitude: z.number().min(-90, 'Latitude is from -90 to 90').max(90, 'Latitude is from -90 to 90').nullable(),
    longitude: z
      .number()
      .min(-180, 'Longitude is from -180 to 180')
      .max(180, 'Longitude is from -180 to 180')
      .nullable(),
    elevationMetres: z
      .number()
      .int('Elevation is whole metres')
      .min(-500, 'Elevation is from -500 to 5000 m')
      .max(5000, 'Elevation is from -500 to 5000 m')
      .nullable(),
    radiusKm: z
      .number()
      .int('The radius is whole kilometres')
      .min(OGN_RADIUS_KM_MIN, `The radius is ${OGN_RADIUS_KM_MIN} to ${OGN_RADIUS_KM_MAX} km`)
      .max(OGN_RADIUS_KM_MAX, `The radius is ${OGN_RADIUS_KM_MIN} to ${OGN_RADIUS_KM_MAX} km`),
  })
  .strict()
  .refine((s) => s.mode === 'off' || (s.latitude !== null && s.longitude !== null && s.elevationMetres !== null), {
    message: "Give the airfield's latitude, longitude and elevation to turn the OGN feed on",
    path: ['latitude'],
  });
export type OgnSettings = z.infer<typeof ognSettingsSchema>;

export const OGN_DEFAULTS: OgnSettings = {
  mode: 'off',
  latitude: null,
  longitude: null,
  elevationMetres: null,
  radiusKm: 10,
};

/** The device address as the beacon's id field gives it: 6 hex digits, stored upper case; '' for none. */
export const FLARM_ID_MESSAGE = 'A FLARM ID is 6 hex digits, like DDA5BA';
export const flarmIdSchema = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{6}$/, FLARM_ID_MESSAGE)
    .transform((id) => id.toUpperCase()),
]);

/** Who records the feed's line actions (migration 0024's user): the flight's history names it "OGN". */
export const OGN_USER_ID = 'ogn-feed';

/**
 * The idempotency keys of line actions recorded from the feed start with this, then the detector's event key
 * (a crew's accepted suggestion adds the accepter): a replay or a second process records nothing twice, and the
 * flight's history says "from OGN".
 */
export const OGN_KEY_PREFIX = 'ogn:';

/** A release height in the club's unit, as a tap would enter it: whole feet or metres, at least 1. */
export function releaseHeightInUnit(metres: number, unit: 'ft' | 'm'): number {
  return Math.max(1, Math.round(unit === 'ft' ? metres / 0.3048 : metres));
}
