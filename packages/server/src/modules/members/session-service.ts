import type { SessionInfo } from '@flightline/domain/api/types';
import { rulesBefore, zoneRules, type ZoneRules } from '@flightline/domain/time/zone-rules';
import type { RequestContext } from '../../http/context.ts';
import { sanitizeClubMessage } from '../clubs/club-message.ts';

/** The phone's copy of its club zone's rules: the changes until 2100 (about 3 kB for a zone with daylight saving). */
const PHONE_RULES_END_MS = Date.UTC(2100, 0, 1);
function phoneZoneRules(zone: string): ZoneRules | null {
  const rules = zoneRules(zone);
  return rules ? rulesBefore(rules, PHONE_RULES_END_MS) : null;
}

/**
 * What the web app needs to know about the caller (GET /api/session).
 * `person` is the caller's row in the user table: the names and email shown
 * right after a profile change, which the session's cookie cache may not have yet.
 */
export function sessionInfo(
  ctx: Omit<RequestContext, 'clubVersion'>,
  person?: { email: string; firstName: string; lastName: string },
): SessionInfo {
  const pilot = ctx.pilot;
  const active = ctx.isActive;
  const flag = (value: boolean | undefined) => Boolean(active && value);
  return {
    isAuthenticated: ctx.user !== null,
    userID: ctx.user?.id ?? null,
    email: person?.email ?? ctx.user?.email ?? '',
    first: person?.firstName ?? ctx.user?.firstName ?? '',
    last: person?.lastName ?? ctx.user?.lastName ?? '',
    club: ctx.club?.id ?? null,
    clubName: ctx.club?.name ?? '',
    clubShortName: ctx.club?.short_name ?? '',
    clubLink: ctx.club?.link ?? '',
    clubLogo: ctx.club?.logo ?? '',
    clubMessage: ctx.club ? sanitizeClubMessage(ctx.club.message, ctx.club) : '',
    clubTimeZone: ctx.club?.time_zone ?? '',
    clubZoneRules: ctx.club ? phoneZoneRules(ctx.club.time_zone) : null,
    currency: ctx.club?.currency ?? 'CAD',
    userIsActive: active,
    userIsAdmin: flag(pilot?.is_admin),
    userCanAddFunds: flag(pilot?.is_admin || pilot?.can_add_funds),
    userCanAddIntros: flag(pilot?.is_admin || pilot?.can_add_intros),
    userCanUpdateGliders: flag(pilot?.is_admin || pilot?.can_update_gliders),
    userCanEditLogs: flag(pilot?.is_admin || pilot?.can_edit_logs),
    userCanEditRoster: flag(pilot?.is_admin || pilot?.can_edit_roster),
    isInstructor: flag(pilot?.is_instructor),
    isTowPilot: flag(pilot?.is_tow_pilot),
    groundOnly: flag(pilot?.ground_only),
  };
}
