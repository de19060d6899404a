/**
 * Response bodies of the API, shared by server and web. Money is in integer
 * cents (`…Cents`). The calls declared in ./api/ take their answer types from
 * there; the rest are still written here.
 */
import type { z } from 'zod';
import type {
  adminPilotAnswer,
  blockRuleItemAnswer,
  gliderItemAnswer,
  introLaunchItemAnswer,
  launchItemAnswer,
  serveAdmin,
  tugItemAnswer,
} from './admin.ts';
import type { verifyEmail } from './auth.ts';
import type { AnswerOf } from './define-call.ts';
import type { clubSummaryAnswer, getClubInfo, getClubSettings, pilotClubAnswer } from './clubs.ts';
import type {
  crewPilotAnswer,
  flightCorrectionAnswer,
  flightRecordAnswer,
  groundStatus,
  serveCrew,
  serveLogs,
  updateFlight,
} from './flights.ts';
import type { createIntro, getIntros, introItemAnswer, introListItemAnswer } from './intros.ts';
import type {
  flightCreatedAnswer,
  listedItemAnswers,
  ListedType,
  listItems,
  pilotListItemAnswer,
  pilotWeightAnswer,
  updatedItemAnswer,
  updateItem,
} from './items.ts';
import type {
  accountingSummaryAnswer,
  accountRowAnswer,
  accountTotalsAnswer,
  addTransaction,
  blockBalanceAnswer,
  breakdownAnswer,
  breakdownRowAnswer,
  getAllTransactions,
  getBalance,
  getBlockBalances,
  getTransactions,
  ledgerPostingAnswer,
  updateAdminParameter,
} from './ledger.ts';
import type { createPilot, directoryEntryAnswer, getPilot, pendingInvitationAnswer, session } from './members.ts';
import type { createTow, getTugs, tugStatusAnswer } from './tugs.ts';

/** GET /api/session. */
export type SessionInfo = AnswerOf<typeof session>;

/** The person better-auth signs in once the email is confirmed (only what the web app reads). */
export type VerifiedUser = AnswerOf<typeof verifyEmail>['user'];

export type ClubSummary = z.output<typeof clubSummaryAnswer>;

/** A club the person belongs to: active member, inactive (expired or deactivated), or a pending request. */
export type PilotClub = z.output<typeof pilotClubAnswer>;

export type ClubInfo = AnswerOf<typeof getClubInfo>;

/** An invitation to a club waiting for the signed-in person to accept it (Settings). */
export type PendingInvitation = z.output<typeof pendingInvitationAnswer>;

export type PilotRecord = AnswerOf<typeof getPilot>;

/** A directory entry: email, phone and address are '' unless shared (or the reader is an admin or the member). */
export type DirectoryEntry = z.output<typeof directoryEntryAnswer>;

export type BalanceInfo = AnswerOf<typeof getBalance>;

export type BlockBalance = z.output<typeof blockBalanceAnswer>;

export type BlockBalancesResponse = AnswerOf<typeof getBlockBalances>;

/** POST /api/pilot: the caller's names as stored. */
export type PilotCreated = AnswerOf<typeof createPilot>;

/** POST /api/update-item/: whichever item type was updated. */
export type UpdateItemAnswer = AnswerOf<typeof updateItem>;

/**
 * An update's answer for one item type: statusCode mirrors the HTTP status (always 200 here; refusals are 4xx
 * errors).
 */
export type UpdateItemResult<T> = z.output<ReturnType<typeof updatedItemAnswer<z.ZodType<T>>>>;

/** update-item PILOT weight: the stored weight. */
export type PilotWeight = z.output<typeof pilotWeightAnswer>;

export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
}

// ── Administration (docs/clubs-and-members.md) ─────────────────────────────────

export type GliderItem = z.output<typeof gliderItemAnswer>;

export type TugItem = z.output<typeof tugItemAnswer>;

export type LaunchItem = z.output<typeof launchItemAnswer>;

export type IntroLaunchItem = z.output<typeof introLaunchItemAnswer>;

export type BlockRuleItem = z.output<typeof blockRuleItemAnswer>;

/** A pilot as the Administration page sees them: qualifications and membership state. */
export type AdminPilot = z.output<typeof adminPilotAnswer>;

/** An intro (trial flight) voucher, as listed for administration. */
export type IntroItem = z.output<typeof introItemAnswer>;

/**
 * GET /api/serve-admin: what each section of the Administration page needs.
 * A list the caller has no right to see comes back empty.
 */
export type ServeAdmin = AnswerOf<typeof serveAdmin>;

/** GET/POST club settings (admin). */
export type ClubSettingsItem = AnswerOf<typeof getClubSettings>;

// ── The ledger (docs/accounting.md) ──────────────────────────────────────────────

/** A row of a member's history (account summary, pilot editor): newest last, with the running balance. */
export type AccountRow = z.output<typeof accountRowAnswer>;

export type AccountHistory = AnswerOf<typeof getTransactions>;

/** POST /api/add-transaction/ and /api/reverse-transaction/ answer. */
export type TransactionPosted = AnswerOf<typeof addTransaction>;

/** A posting as get-all-transactions lists it. */
export type LedgerPosting = z.output<typeof ledgerPostingAnswer>;

export type AllTransactions = AnswerOf<typeof getAllTransactions>;

/** One account over [start, end], in its natural sign (credits positive for liabilities and revenue). */
export type AccountTotals = z.output<typeof accountTotalsAnswer>;

/** get-balances?balance=AccountingSummary */
export type AccountingSummary = z.output<typeof accountingSummaryAnswer>;

/** A drill-down row (get-balances with a transactions view). */
export type BreakdownRow = z.output<typeof breakdownRowAnswer>;

export type Breakdown = z.output<typeof breakdownAnswer>;

/** update-admin-parameter answers. */
export type AdminParameterResult = AnswerOf<typeof updateAdminParameter>;

/** GET /api/list-items/?type=PILOT: an active member as the flight line needs them (no contact data). */
export type PilotListItem = z.output<typeof pilotListItemAnswer>;

/** GET /api/list-items/: the items of one type in the active club (any type's, as declared). */
export type ListItemsAnswer = AnswerOf<typeof listItems>;

/** An item list-items lists for `type`. */
export type ListedItem<T extends ListedType> = z.output<(typeof listedItemAnswers)[T]>;

// ── The flight line (docs/flight-line.md) ───────────────────────────────────────

export type FlightCorrection = z.output<typeof flightCorrectionAnswer>;

export type FlightRecord = z.output<typeof flightRecordAnswer>;

/** The tug page and the line page's Launched By picker. */
export type TugStatus = z.output<typeof tugStatusAnswer>;

/** A pilot on the crew page (docs/flight-line.md, "What the pages read"). */
export type CrewPilot = z.output<typeof crewPilotAnswer>;

/** GET /api/serve-crew: everything the crew page needs in one call. */
export type CrewPageData = AnswerOf<typeof serveCrew>;

/** GET /api/ground-status: the line page's 10-second poll. */
export type GroundStatus = AnswerOf<typeof groundStatus>;

/** POST /api/update-flight/ answer (every action). */
export type FlightActionResult = AnswerOf<typeof updateFlight>;

/** GET /api/get-tugs: the tug page and the line page's Launched By picker. */
export type TugPageData = AnswerOf<typeof getTugs>;

/** POST /api/create-tow/ answer. */
export type TowEventResult = AnswerOf<typeof createTow>;

/** update-item FLIGHT (Create) answer: the flight on the line, and the intro sold with it. */
export type FlightCreated = z.output<typeof flightCreatedAnswer>;

// ── Records and intro certificates (issue 6) ──

/** GET /api/get-intros: an intro with what it still owes (Intro A/P) and whether it has expired. */
export type IntroListItem = z.output<typeof introListItemAnswer>;

export type IntrosResponse = AnswerOf<typeof getIntros>;

/** POST /api/create-intro answer. */
export type IntroSold = AnswerOf<typeof createIntro>;

/** GET /api/serve-logs: the flight logs of a range, and what the flight modal needs to edit them. */
export type LogsData = AnswerOf<typeof serveLogs>;
