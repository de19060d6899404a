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
