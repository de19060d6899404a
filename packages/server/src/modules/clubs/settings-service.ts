import type { Kysely } from 'kysely';
import type { ClubSettingsItem } from '@flightline/domain/api/types';
import { isValidTimeZone } from '@flightline/domain/time/club-time';
import type { ClubSettings } from '@flightline/domain/schemas/fleet';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { CLUB_NAME_TAKEN } from '../../http/database-errors.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { ClubFleet, TaxUse } from './club-fleet.ts';
import { settleClubLogo } from './logo-service.ts';
import { findClubByName, lockClub, updateClub, type ClubRecord } from './repo.ts';

/**
 * Club settings (admin): name, links, message, time zone, currency, height
 * unit, tax rates, membership year end, balance levels, payment methods,
 * and the minutes after which a tap time is recorded as entered late.
 * The message is stored as written and sanitised whenever it is shown
 * (session, club info). Here it is the editor's source text, answered as
 * written so the admin edits what they wrote; the editor shows it as text,
 * never as HTML. The calls declare the admin right (packages/domain/src/api/clubs.ts),
 * so only an admin reaches these.
 */

function clubSettingsItem(club: ClubRecord): ClubSettingsItem {
  return {
    name: club.name,
    shortName: club.short_name,
    clubLink: club.link,
    clubLogo: club.logo,
    message: club.message,
    timeZone: club.time_zone,
    currency: club.currency,
    heightUnit: club.height_unit,
    taxRates: club.tax_rates,
    membershipYearEnd: club.membership_year_end,
    warningLevelCents: club.warning_level_cents,
    minimumLevelCents: club.minimum_level_cents,
    paymentMethods: club.payment_methods,
    lateEntryMinutes: club.late_entry_minutes,
    ogn: {
      mode: club.ogn_mode,
      latitude: club.ogn_latitude,
      longitude: club.ogn_longitude,
      elevationMetres: club.ogn_elevation_metres,
      radiusKm: club.ogn_radius_km,
    },
  };
}

export function getClubSettings(ctx: MemberContext): ClubSettingsItem {
  return clubSettingsItem(ctx.club);
}

/** "glider C-GDSA, launch type 2000 ft and 3 more" */
function describeUses(uses: TaxUse[]): string {
  const shown = uses.slice(0, 3).map((use) => `${use.kind} ${use.label}`);
  const more = uses.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '');
}

/**
 * Replace the club's settings. Refused: a time zone that is not an IANA
 * zone, a name another club has (any case), and removing a tax name an item
 * (glider, launch type, intro launch, block rule; active or not) still
 * applies — its prices would lose their tax — and a logo that is not an
 * image uploaded for this club (logo-service.ts).
 */
export async function updateClubSettings(
  db: Kysely<DB>,
  ctx: MemberContext,
  settings: ClubSettings,
  fleet: Pick<ClubFleet, 'itemsUsingTaxes'>,
): Promise<ClubSettingsItem> {
  if (!isValidTimeZone(settings.timeZone)) throw badRequest(`Unknown time zone ${settings.timeZone}`);
  // Two admins renaming two clubs to one name at the same moment: the unique index refuses one
  // (http/database-errors.ts).
  return db.transaction().execute(async (trx) => {
    const current = await lockClub(trx, ctx.club.id, 'update');
    const namesake = await findClubByName(trx, settings.name);
    if (namesake && namesake.id !== current.id) throw conflict(CLUB_NAME_TAKEN);
    const removed = Object.keys(current.tax_rates).filter((name) => !Object.hasOwn(settings.taxRates, name));
    const uses = await fleet.itemsUsingTaxes(trx, current.id, removed);
    for (const name of removed) {
      const users = uses.filter((use) => use.taxNames.includes(name));
      if (users.length > 0)
        throw conflict(`Tax ${name} is still used by ${describeUses(users)}: take it off them first`);
    }
    await settleClubLogo(trx, current.id, settings.clubLogo);
    const row = await updateClub(trx, current.id, {
      name: settings.name,
      short_name: settings.shortName,
      link: settings.clubLink,
      logo: settings.clubLogo,
      message: settings.message,
      time_zone: settings.timeZone,
      currency: settings.currency,
      height_unit: settings.heightUnit,
      tax_rates: JSON.stringify(settings.taxRates),
      membership_year_end: settings.membershipYearEnd,
      warning_level_cents: settings.warningLevelCents,
      minimum_level_cents: settings.minimumLevelCents,
      payment_methods: settings.paymentMethods,
      // An app that does not know the allowance leaves it as it is.
      ...(settings.lateEntryMinutes === undefined ? {} : { late_entry_minutes: settings.lateEntryMinutes }),
      // The OGN feed (docs/ogn.md): the feed's holder reads it again within 30 s.
      ...(settings.ogn === undefined
        ? {}
        : {
            ogn_mode: settings.ogn.mode,
            ogn_latitude: settings.ogn.latitude,
            ogn_longitude: settings.ogn.longitude,
            ogn_elevation_metres: settings.ogn.elevationMetres,
            ogn_radius_km: settings.ogn.radiusKm,
          }),
    });
    return clubSettingsItem(row);
  });
}
