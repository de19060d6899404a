import { serveAdmin } from './admin.ts';
import { verifyEmail } from './auth.ts';
import type { RouteOf } from './define-call.ts';
import { getChargeBreakdown } from './charges.ts';
import {
  getClubInfo,
  getClubLogoImage,
  getClubPaymentMethods,
  getClubSettings,
  listClubs,
  updateClubSettings,
  uploadClubLogo,
} from './clubs.ts';
import { getFlights, groundStatus, serveCrew, serveLogs, updateFlight } from './flights.ts';
import { getGliderLogbook, getGliderLogbooks } from './glider-logbook.ts';
import { createIntro, getIntros } from './intros.ts';
import { getLogbookTotals } from './logbook.ts';
import { decideOgnDetection, getOgnDevice, getOgnLine } from './ogn.ts';
import { getClubMetrics } from './metrics.ts';
import { deleteItem, listItems, updateItem } from './items.ts';
import { eventStream } from './live.ts';
import {
  addTransaction,
  getAllTransactions,
  getBalance,
  getBalances,
  getBlockBalances,
  getRecentTransactions,
  getTransactions,
  getUserTransactions,
  reverseTransaction,
  updateAdminParameter,
} from './ledger.ts';
import {
  acceptInvitation,
  createPilot,
  getInvitations,
  getPilot,
  getPilotClubs,
  inviteMember,
  listMembers,
  session,
  switchClub,
} from './members.ts';
import {
  acceptSwap,
  generateRoster,
  getDutyAvailability,
  getDutyRoles,
  getFlyingDay,
  getRoster,
  getRosterSettings,
  getSwaps,
  offerSwap,
  publishRoster,
  saveDutyRole,
  setBlackouts,
  setDuty,
  setDutyEligibility,
  setDutyLimit,
  setFlyingPlan,
  updateRosterSettings,
  volunteerDuty,
  withdrawFlyingPlan,
  withdrawSwap,
} from './roster.ts';
import {
  getNotificationSettings,
  rotateCalendarFeed,
  subscribePush,
  unsubscribePush,
  updateNotificationSettings,
} from './notifications.ts';
import { checkVersion, health, openApiDocument } from './system.ts';
import { createTow, getTugs } from './tugs.ts';

/**
 * Every call declared in packages/domain/src/api, by the name the web app's
 * `call()` uses (`GET /api/get-tugs`). Calls move here resource by resource;
 * the others are still declared by their route in packages/server.
 */
const definitions = [
  checkVersion,
  health,
  openApiDocument,
  listClubs,
  getClubInfo,
  getClubPaymentMethods,
  getClubSettings,
  updateClubSettings,
  uploadClubLogo,
  session,
  verifyEmail,
  getPilotClubs,
  switchClub,
  getPilot,
  listMembers,
  inviteMember,
  acceptInvitation,
  getInvitations,
  getOgnLine,
  decideOgnDetection,
  getOgnDevice,
  createPilot,
  serveAdmin,
  getBalance,
  getBlockBalances,
  addTransaction,
  reverseTransaction,
  getTransactions,
  getUserTransactions,
  getRecentTransactions,
  getChargeBreakdown,
  getLogbookTotals,
  getGliderLogbooks,
  getGliderLogbook,
  getClubMetrics,
  getAllTransactions,
  getBalances,
  updateAdminParameter,
  createIntro,
  getIntros,
  serveCrew,
  groundStatus,
  updateFlight,
  getFlights,
  serveLogs,
  getTugs,
  createTow,
  listItems,
  updateItem,
  deleteItem,
  getDutyRoles,
  saveDutyRole,
  setDutyEligibility,
  getDutyAvailability,
  setDutyLimit,
  setBlackouts,
  getRosterSettings,
  updateRosterSettings,
  getRoster,
  generateRoster,
  setDuty,
  publishRoster,
  getSwaps,
  offerSwap,
  acceptSwap,
  withdrawSwap,
  getFlyingDay,
  setFlyingPlan,
  withdrawFlyingPlan,
  volunteerDuty,
  getNotificationSettings,
  updateNotificationSettings,
  subscribePush,
  unsubscribePush,
  rotateCalendarFeed,
] as const;

type Definition = (typeof definitions)[number];

export type CallRoute = RouteOf<Definition>;

/** A POST whose input is its query: its body is a file (the web app's `callFile()`). */
export type FileCallRoute = RouteOf<
  Definition extends infer D
    ? D extends { method: 'POST'; query?: infer Q }
      ? [NonNullable<Q>] extends [never]
        ? never
        : D
      : never
    : never
>;

/** The definition a route names. */
export type CallNamed<R extends CallRoute> = Extract<
  Definition,
  { method: R extends `${infer M} ${string}` ? M : never; path: R extends `${string} ${infer P}` ? P : never }
>;

export const CALLS: readonly Definition[] = definitions;

/**
 * The declared calls whose 200 is not JSON (`produces`): the club logo's
 * image and the live stream's events. The server registers them from their
 * declarations like the others; the web app shows or opens them by their
 * path (an <img>, an EventSource), so they are not among the routes call() takes.
 */
export const NON_JSON_CALLS = [getClubLogoImage, eventStream] as const;
