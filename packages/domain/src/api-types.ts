/** Response bodies of the API, shared by server and web. Money is in integer cents (`…Cents`). */

export interface SessionInfo {
  isAuthenticated: boolean;
  userID: string | null;
  email: string;
  first: string;
  last: string;
  /** Active club id, or null (the spec's "None"). */
  club: string | null;
  clubName: string;
  clubShortName: string;
  clubLink: string;
  clubLogo: string;
  /** Sanitised HTML. */
  clubMessage: string;
  clubTimeZone: string;
  currency: string;
  userIsActive: boolean;
  userIsAdmin: boolean;
  userCanAddFunds: boolean;
  userCanAddIntros: boolean;
  userCanUpdateGliders: boolean;
  userCanEditLogs: boolean;
  isInstructor: boolean;
  isTowPilot: boolean;
  groundOnly: boolean;
}

export interface ClubSummary {
  id: string;
  name: string;
  shortName: string;
}

/** A club the person belongs to: active member, inactive (expired or deactivated), or a pending request. */
export interface PilotClub extends ClubSummary {
  status: 'active' | 'inactive' | 'pending';
}

export interface ClubInfo {
  id: string;
  name: string;
  shortName: string;
  clubLink: string;
  clubLogo: string;
  message: string;
  timeZone: string;
  currency: string;
  heightUnit: 'ft' | 'm';
  transactionLockDate: string | null;
  introStalePeriod: number;
  taxRates: Record<string, number>;
  membershipYearEnd: string;
  feeList: string[];
  units: { launch: string[] };
  warningLevelCents: number;
  minimumLevelCents: number;
  paymentMethods: string[];
}

export interface PilotRecord {
  userID: string;
  club: string | null;
  first: string;
  last: string;
  loginEmail: string;
  weight: number;
  isInstructor: boolean;
  isTowPilot: boolean;
  isAdmin: boolean;
  isActive: boolean;
  activeExpiration: string | null;
  groundOnly: boolean;
  canEditLogs: boolean;
  canAddFunds: boolean;
  canAddIntros: boolean;
  canUpdateGliders: boolean;
  emContact: string;
  emPhone: string;
  emRelation: string;
  emNote: string;
  emLink: string;
  phone: string;
  email: string;
  address: string;
  shareEmail: boolean;
  sharePhone: boolean;
  shareAddress: boolean;
}

/** A directory entry: email, phone and address are '' unless shared (or the reader is an admin or the member). */
export interface DirectoryEntry {
  userID: string;
  first: string;
  last: string;
  isActive: boolean;
  email: string;
  phone: string;
  address: string;
  emContact: string;
  emPhone: string;
  emRelation: string;
  emNote: string;
  emLink: string;
  shareEmail: boolean;
  sharePhone: boolean;
  shareAddress: boolean;
}

export interface BalanceInfo {
  userID: string;
  balanceCents: number;
}

export interface BlockBalance {
  blockId: string;
  blockName: string;
  blockUnits: '$' | 'minutes' | 'unlimited';
  blockStarts: string;
  blockExpires: string;
  /** Cents for $ blocks, minutes for minutes blocks, 0 for unlimited. */
  blockBalance: number;
}

export interface ClubListResponse {
  clubs: ClubSummary[];
}

export interface PilotClubsResponse {
  clubs: PilotClub[];
}

export interface DirectoryResponse {
  pilots: DirectoryEntry[];
}

export interface PaymentMethodsResponse {
  paymentMethods: string[];
}

export interface BlockBalancesResponse {
  blocks: BlockBalance[];
}

/** POST /api/pilot: the caller's names as stored. */
export interface PilotCreated {
  userID: string;
  first: string;
  last: string;
}

/** POST /api/update-item/: statusCode mirrors the HTTP status (always 200 here; refusals are 4xx errors). */
export interface UpdateItemResult<T = unknown> {
  statusCode: 200;
  message: string;
  /** The item as stored after the update. */
  item: T;
}

/** update-item PILOT weight: the stored weight. */
export interface PilotWeight {
  userID: string;
  weight: number;
}

export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
}

// ── Administration (back-office spec §3, §7) ─────────────────────────────────

export interface GliderItem {
  id: string;
  places: number;
  weight: number;
  rateCentsPerMinute: number;
  launchSpeed: number;
  status: 'Ready' | 'Flying' | 'Not ready';
  blocks: string[];
  taxStatus: 'exempt' | 'inclusive' | 'exclusive';
  taxRates: string[];
}

export interface TugItem {
  id: string;
  aircraftType: string;
  places: number;
  status: 'Ready' | 'Not ready';
}

export interface LaunchItem {
  id: string;
  kind: 'fixed' | 'variable';
  priceCents: number;
  height: number | null;
  heightRanges: { start: number; end: number; per: number; costCents: number }[];
  taxStatus: 'exempt' | 'inclusive' | 'exclusive';
  taxRates: string[];
  isActive: boolean;
}

export interface IntroLaunchItem {
  id: string;
  launch: string;
  priceCents: number;
  taxStatus: 'exempt' | 'inclusive';
  taxRates: string[];
  isActive: boolean;
}

export interface BlockRuleItem {
  id: string;
  name: string;
  units: 'unlimited' | '$' | 'minutes';
  amount: number;
  blockPriceCents: number;
  endsWithMembership: boolean;
  endsAfterDays: boolean;
  daysCount: number;
  endsAfterFlyingDays: boolean;
  flyingDaysCount: number;
  minFlightChargeCents: number;
  minFlightUnits: number;
  maxFlightChargeCents: number | null;
  maxFlightUnits: number | null;
  excessMultiplier: number;
  taxStatus: 'exempt' | 'inclusive' | 'exclusive';
  taxRates: string[];
  active: boolean;
}

/** A pilot as the Administration page sees them: qualifications and membership state. */
export interface AdminPilot {
  userID: string;
  first: string;
  last: string;
  email: string;
  isInstructor: boolean;
  isTowPilot: boolean;
  isAdmin: boolean;
  canAddFunds: boolean;
  canAddIntros: boolean;
  canUpdateGliders: boolean;
  canEditLogs: boolean;
  groundOnly: boolean;
  isActive: boolean;
  activeExpiration: string | null;
  /** active: can use the club; inactive: deactivated or expired; pending: a membership request to answer. */
  status: 'active' | 'inactive' | 'pending';
  requestedAt: number;
}

/** An intro (trial flight) voucher, as listed for administration (back-office spec §3 "Intro"). */
export interface IntroItem {
  id: string;
  SN: string;
  recipientFirst: string;
  recipientLast: string;
  recipientEmail: string;
  buyerFirst: string;
  buyerLast: string;
  buyerEmail: string;
  launchType: string;
  priceCents: number;
  payment: string;
  paymentRef: string;
  date: string;
  note: string;
  staleDate: string;
  flightRef: string;
  taxStatus: 'exempt' | 'inclusive';
  taxRates: string[];
  refunded: boolean;
  cancelled: boolean;
}

/**
 * GET /api/serve-admin: what each section of the Administration page needs.
 * A list the caller has no right to see comes back empty.
 */
export interface ServeAdmin {
  gliders: GliderItem[];
  tugs: TugItem[];
  launches: LaunchItem[];
  introLaunches: IntroLaunchItem[];
  blocks: BlockRuleItem[];
  pilots: AdminPilot[];
  intros: IntroItem[];
  paymentMethods: string[];
  heightUnit: 'ft' | 'm';
  taxRates: Record<string, number>;
  membershipYearEnd: string;
}

/** GET/POST club settings (admin). */
export interface ClubSettingsItem {
  name: string;
  shortName: string;
  clubLink: string;
  clubLogo: string;
  message: string;
  timeZone: string;
  currency: string;
  heightUnit: 'ft' | 'm';
  taxRates: Record<string, number>;
  membershipYearEnd: string;
  warningLevelCents: number;
  minimumLevelCents: number;
  paymentMethods: string[];
}
