import type { FlightChargeDetail } from '@flightline/domain/money/charge-breakdown';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/**
 * Kysely's view of the tables in migrations/. Keep in step with the SQL:
 * test/schema.test.ts compares it with the migrated database. Left out on
 * purpose: schema_migrations (db/migrate.ts), better-auth's rateLimit table
 * and the social sign-in token columns of account, which only better-auth uses.
 */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateText = ColumnType<string, string, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
  firstName: string;
  lastName: string;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: DefaultedTimestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: DefaultedTimestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: DefaultedTimestamp;
  updatedAt: DefaultedTimestamp;
}

export interface ClubTable {
  id: Generated<string>;
  name: string;
  short_name: Defaulted<string>;
  link: Defaulted<string>;
  logo: Defaulted<string>;
  message: Defaulted<string>;
  time_zone: string;
  currency: Defaulted<string>;
  height_unit: Defaulted<'ft' | 'm'>;
  tax_rates: ColumnType<Record<string, number>, string | undefined, string>;
  membership_year_end: Defaulted<string>;
  warning_level_cents: Defaulted<number>;
  minimum_level_cents: Defaulted<number>;
  intro_stale_days: Defaulted<number>;
  /** A tap this many minutes older than its arrival is recorded as entered late (0021). */
  late_entry_minutes: Defaulted<number>;
  lock_date: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The instant the lock ends: the end of lock_date in the club's zone, computed by the app from its tz
   * database and written with lock_date (clubs/repo.ts setLockDate); the database keeps it following lock_date (0020).
   */
  lock_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  fee_list: Defaulted<string[]>;
  payment_methods: Defaulted<string[]>;
  created_at: Generated<Date>;
  /** The OGN feed (0024, docs/ogn.md): off, suggest or record, and the airfield it watches. */
  ogn_mode: Defaulted<'off' | 'suggest' | 'record'>;
  ogn_latitude: ColumnType<number | null, number | null | undefined, number | null>;
  ogn_longitude: ColumnType<number | null, number | null | undefined, number | null>;
  ogn_elevation_metres: ColumnType<number | null, number | null | undefined, number | null>;
  ogn_radius_km: Defaulted<number>;
}

/**
 * A club's change counter (0015): bumped by triggers in every transaction that writes the club's data; the line
 * reads' ETags name it.
 */
export interface ClubVersionTable {
  club_id: string;
  version: number;
  xact_id: number;
}

/** Uploaded club logos (0013): the one club.logo names, and the latest upload not yet saved. */
export interface ClubLogoTable {
  club_id: string;
  sha256: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: Uint8Array;
  uploaded_at: Generated<Date>;
}

export interface ProfileTable {
  user_id: string;
  active_club_id: string | null;
  weight_kg: Defaulted<number>;
  phone: Defaulted<string>;
  email: Defaulted<string>;
  address: Defaulted<string>;
  em_contact: Defaulted<string>;
  em_phone: Defaulted<string>;
  em_relation: Defaulted<string>;
  em_note: Defaulted<string>;
  em_link: Defaulted<string>;
  share_email: Defaulted<boolean>;
  share_phone: Defaulted<boolean>;
  share_address: Defaulted<boolean>;
  updated_at: Generated<Date>;
}

export interface ClubInvitationTable {
  club_id: string;
  id: Generated<string>;
  email: string;
  invited_by: string;
  created_at: Defaulted<Date>;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
}

export interface PilotTable {
  club_id: string;
  user_id: string;
  is_instructor: Defaulted<boolean>;
  is_tow_pilot: Defaulted<boolean>;
  is_admin: Defaulted<boolean>;
  is_active: Defaulted<boolean>;
  active_expiration: ColumnType<string | null, string | null | undefined, string | null>;
  ground_only: Defaulted<boolean>;
  can_edit_logs: Defaulted<boolean>;
  can_add_funds: Defaulted<boolean>;
  can_add_intros: Defaulted<boolean>;
  can_update_gliders: Defaulted<boolean>;
  /** Generates, edits and publishes the duty roster (0022). */
  can_edit_roster: Defaulted<boolean>;
  requested_at: Generated<Date>;
  activated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  declined_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface MailOutboxTable {
  id: GeneratedAlways<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: Generated<Date>;
}

type TaxStatus = 'exempt' | 'inclusive' | 'exclusive';

export interface GliderTable {
  club_id: string;
  id: string;
  places: Defaulted<number>;
  weight_kg: Defaulted<number>;
  rate_cents_per_minute: Defaulted<number>;
  launch_speed_kn: Defaulted<number>;
  status: Defaulted<'Ready' | 'Flying' | 'Not ready'>;
  block_rule_ids: Defaulted<string[]>;
  tax_status: Defaulted<TaxStatus>;
  tax_names: Defaulted<string[]>;
  created_at: Generated<Date>;
  /** "ASK 21"; '' when the club has not said (0019). */
  aircraft_type: Defaulted<string>;
  /** The club day hours since maintenance count from (0019). */
  maintenance_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** The FLARM/OGN device address, 6 hex digits (0024). */
  flarm_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TugTable {
  club_id: string;
  id: string;
  aircraft_type: Defaulted<string>;
  places: Defaulted<number>;
  status: Defaulted<'Ready' | 'Not ready'>;
  created_at: Generated<Date>;
  /** The FLARM/OGN device address, 6 hex digits (0024). */
  flarm_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface HeightRangeRow {
  start: number;
  end: number;
  costCents: number;
  per: number;
}

export interface LaunchTypeTable {
  club_id: string;
  id: string;
  kind: 'fixed' | 'variable';
  price_cents: Defaulted<number>;
  height: number | null;
  height_ranges: ColumnType<HeightRangeRow[], string | undefined, string>;
  tax_status: Defaulted<TaxStatus>;
  tax_names: Defaulted<string[]>;
  is_active: Defaulted<boolean>;
  created_at: Generated<Date>;
}

export interface IntroLaunchTable {
  club_id: string;
  id: string;
  launch_type_id: string;
  price_cents: number;
  tax_status: Defaulted<'exempt' | 'inclusive'>;
  tax_names: Defaulted<string[]>;
  is_active: Defaulted<boolean>;
  created_at: Generated<Date>;
}

export interface BlockRuleTable {
  club_id: string;
  id: Generated<string>;
  name: string;
  units: 'unlimited' | '$' | 'minutes';
  amount: Defaulted<number>;
  price_cents: Defaulted<number>;
  ends_with_membership: Defaulted<boolean>;
  ends_after_days: Defaulted<boolean>;
  days_count: Defaulted<number>;
  ends_after_flying_days: Defaulted<boolean>;
  flying_days_count: Defaulted<number>;
  min_flight_charge_cents: Defaulted<number>;
  min_flight_units: Defaulted<number>;
  max_flight_charge_cents: number | null;
  max_flight_units: number | null;
  excess_multiplier: ColumnType<string, string | number | undefined, string | number>;
  tax_status: Defaulted<TaxStatus>;
  tax_names: Defaulted<string[]>;
  is_active: Defaulted<boolean>;
  created_at: Generated<Date>;
}

export interface IntroTable {
  club_id: string;
  id: Generated<string>;
  sn: string;
  recipient_first: string;
  recipient_last: string;
  recipient_email: Defaulted<string>;
  buyer_first: Defaulted<string>;
  buyer_last: Defaulted<string>;
  buyer_email: Defaulted<string>;
  /** An intro_launch id of the club. */
  launch_type: string;
  price_cents: number;
  payment: Defaulted<string>;
  payment_ref: Defaulted<string>;
  purchase_date: DateText;
  purchased_at: Generated<Date>;
  note: Defaulted<string>;
  stale_date: DateText;
  /** The flight the intro was flown on; null while it is not on a flight. */
  flight_ref: ColumnType<string | null, string | null | undefined, string | null>;
  tax_status: Defaulted<'exempt' | 'inclusive'>;
  tax_names: Defaulted<string[]>;
  refunded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  written_down: Defaulted<boolean>;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface LedgerTransactionTable {
  id: GeneratedAlways<number>;
  club_id: string;
  effective_at: Timestamp;
  entered_at: Generated<Date>;
  entered_by: string | null;
  transaction_type: string;
  note: Defaulted<string>;
  reference: Defaulted<string>;
  idempotency_key: string | null;
  reverses_id: number | null;
  /** What a history shows for the entry ('Deposit (Cash) ref 12', 'Reversal of #12'); the note is apart. */
  description: Defaulted<string>;
  /** The database transaction that created the entry: only it may add postings (0010; set by a trigger). */
  created_xact: ColumnType<string, never, never>;
  /** A flight charge's figures as posted (0018; domain charge-breakdown.ts); null for other entries. */
  breakdown: ColumnType<FlightChargeDetail | null, string | null | undefined, never>;
}

export interface PostingTable {
  id: GeneratedAlways<number>;
  transaction_id: number;
  /** Filled from the transaction by a trigger. */
  club_id: ColumnType<string, string | undefined, never>;
  effective_at: ColumnType<Date, Date | undefined, never>;
  account: number;
  amount_cents: number;
  member_id: string | null;
  intro_id: string | null;
  tax_name: string | null;
  transfer_type: string | null;
  fee_class: string | null;
  flight_id: string | null;
}

export interface MemberBlockTable {
  id: Generated<string>;
  club_id: string;
  member_id: string;
  block_rule_id: string;
  name: string;
  units: 'unlimited' | '$' | 'minutes';
  amount: number;
  starts_on: DateText;
  ends_on: DateText;
  transaction_id: number | null;
  created_at: Generated<Date>;
}

export interface BlockUsageTable {
  id: GeneratedAlways<number>;
  member_block_id: string;
  flight_id: string | null;
  transaction_id: number | null;
  units_used: number;
  flown_on: DateText;
  created_at: Generated<Date>;
}

/** A block voided by the reversal of its purchase (append-only). */
export interface MemberBlockVoidTable {
  member_block_id: string;
  transaction_id: number;
  voided_at: Generated<Date>;
}

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A flight (0007_flights.sql): its state moves on; its money lives in the ledger. */
export interface FlightTable {
  club_id: string;
  id: string;
  day: DateText;
  user_id: string;
  first: Defaulted<string>;
  last: Defaulted<string>;
  fly_with: 'Alone' | 'Instructor' | 'Member' | 'Intro' | 'Friend';
  passenger_id: Nullable<string>;
  passenger_first: Defaulted<string>;
  passenger_last: Defaulted<string>;
  pilot_in_charge: Defaulted<boolean>;
  share_cost: Defaulted<boolean>;
  glider: string;
  launch_type: Defaulted<string>;
  intro_id: Nullable<string>;
  tow_speed_kn: Defaulted<number>;
  weight_kg: Defaulted<number>;
  passenger_weight_kg: Defaulted<number>;
  glider_weight_kg: Defaulted<number>;
  water_weight_kg: Defaulted<number>;
  submitted_at: Date;
  submitted_by: Nullable<string>;
  /**
   * When a request entered late arrived (its tap more than the club's allowance before); the queue orders by it
   * (0021).
   */
  entered_late_at: Nullable<Date>;
  accepted_at: Nullable<Date>;
  launched_at: Nullable<Date>;
  off_tow_at: Nullable<Date>;
  landed_at: Nullable<Date>;
  cancelled_at: Nullable<Date>;
  release_height: Defaulted<number>;
  release_set_by: Nullable<string>;
  tow_pilot: Nullable<string>;
  tug: Nullable<string>;
  launch_transaction: Nullable<number>;
  landing_transaction: Nullable<number>;
  launch_cost_cents: Nullable<number>;
  flight_cost_cents: Nullable<number>;
  idempotency_key: Nullable<string>;
  created_at: Generated<Date>;
}

/** A line action taken on a flight (append-only); remembers idempotency keys and answers. */
export interface FlightActionTable {
  id: GeneratedAlways<number>;
  club_id: string;
  flight_id: string;
  action:
    'Create' | 'Launch' | 'Landing' | 'UndoLaunch' | 'UndoLanding' | 'CancelRequest' | 'ReleaseHeight' | 'ChangeFlight';
  by: string | null;
  happened_at: Date;
  entered_at: Generated<Date>;
  /** Its tap time was more than the club's allowance before it arrived (0021). */
  entered_late: Defaulted<boolean>;
  idempotency_key: string | null;
  response: ColumnType<unknown, string | undefined, string>;
}

/** A log correction (append-only): field → [old, new]. */
export interface FlightCorrectionTable {
  id: GeneratedAlways<number>;
  club_id: string;
  flight_id: string;
  by: string | null;
  submitted_at: Generated<Date>;
  changes: ColumnType<Record<string, [unknown, unknown]>, string, string>;
}

/** A tug event (append-only): Hobbs in hundredths of an hour, fuel in centilitres. */
export interface TowEventTable {
  id: GeneratedAlways<number>;
  club_id: string;
  tug: string;
  happened_at: Date;
  by: string | null;
  kind: 'checkIn' | 'checkOut' | 'refuel' | 'oil';
  hobbs_hundredths: number;
  fuel_centilitres: Defaulted<number>;
  pilot: string | null;
  idempotency_key: string | null;
  created_at: Generated<Date>;
}

/** Failed password sign-ins and code requests per email (0012), for the per-account limits (auth/account-limits.ts). */
export interface AuthAttemptTable {
  id: string;
  email: string;
  kind: 'sign_in_failure' | 'code_request';
  at: Timestamp;
}

/** A change notice for the phones' event streams (migration 0014, docs/live.md); written by triggers only. */
export interface LiveEventTable {
  id: GeneratedAlways<number>;
  club_id: string;
  member_id: string | null;
  notice: unknown;
  xact_id: Generated<number>;
  at: Generated<Date>;
}

/** The OGN device database, as imported (0024). */
export interface OgnDeviceTable {
  device_id: string;
  device_type: 'F' | 'O' | 'I';
  aircraft_model: Defaulted<string>;
  registration: Defaulted<string>;
  cn: Defaulted<string>;
  tracked: boolean;
  identified: boolean;
}

/** A detected event the crew decides: a suggestion or an unmatched takeoff (0024). */
export interface OgnDetectionTable {
  id: GeneratedAlways<number>;
  club_id: string;
  event_key: string;
  kind: 'takeoff' | 'release' | 'landing';
  status: 'suggested' | 'unmatched' | 'accepted' | 'dismissed';
  glider: string;
  happened_at: Date;
  tug: string | null;
  release_height_metres: number | null;
  off_tow_at: Date | null;
  flight_id: string | null;
  day: string;
  detected_at: Generated<Date>;
  decided_by: string | null;
  decided_at: Date | null;
}

/** What the feed's holder last said of a club's feed (0024). */
export interface OgnFeedStateTable {
  club_id: string;
  connected: boolean;
  aircraft_in_range: number;
  last_beacon_at: Date | null;
  updated_at: Date;
}

/** The one process holding the OGN feed (0024). */
export interface OgnFeedLeaseTable {
  id: Defaulted<boolean>;
  holder: string;
  expires_at: Date;
}

export interface AppSettingTable {
  key: string;
  value: string;
}

// ── The duty roster (0022_duty_roster.sql, docs/duty-roster.md) ────────────

export interface RosterSettingTable {
  club_id: string;
  /** A bit per weekday: 1 << 0 Sunday … 1 << 6 Saturday. */
  flying_weekdays: Defaulted<number>;
  swap_warning_days: Defaulted<number>;
  surge_threshold: Defaulted<number>;
}

export interface DutyRoleTable {
  club_id: string;
  id: Generated<string>;
  kind: 'instructor' | 'towPilot' | 'dutyPilot' | 'custom';
  name: string;
  active: Defaulted<boolean>;
  created_at: Generated<Date>;
}

export interface DutyEligibilityTable {
  club_id: string;
  role_id: string;
  user_id: string;
  eligible: boolean;
  set_by: string;
  set_at: DefaultedTimestamp;
}

export interface DutyBlackoutTable {
  club_id: string;
  user_id: string;
  day: DateText;
}

export interface DutyPreferenceTable {
  club_id: string;
  user_id: string;
  max_per_month: Nullable<number>;
}

export interface DutyTable {
  club_id: string;
  id: Generated<string>;
  day: DateText;
  role_id: string;
  extra: Defaulted<boolean>;
  user_id: Nullable<string>;
  published_user_id: Nullable<string>;
  published_at: Nullable<Date>;
  updated_at: DefaultedTimestamp;
}

export interface DutySwapTable {
  club_id: string;
  id: string;
  duty_id: string;
  offered_by: string;
  offered_at: DefaultedTimestamp;
  note: Defaulted<string>;
  accepted_by: Nullable<string>;
  accepted_at: Nullable<Date>;
  withdrawn_at: Nullable<Date>;
  flagged_at: Nullable<Date>;
}

export interface FlyingPlanTable {
  club_id: string;
  user_id: string;
  day: DateText;
  instruction: Defaulted<boolean>;
  glider_id: Nullable<string>;
  tow: Defaulted<boolean>;
  updated_at: DefaultedTimestamp;
  withdrawn_at: Nullable<Date>;
}

export interface DutyHelpCallTable {
  club_id: string;
  day: DateText;
  role_id: string;
  asked_at: DefaultedTimestamp;
  asked_count: Defaulted<number>;
}

// ── Telling members (0025_duty_notices.sql, docs/duty-roster.md "Telling people") ──

export interface NotificationSettingTable {
  club_id: string;
  user_id: string;
  roster_email: Defaulted<boolean>;
  roster_push: Defaulted<boolean>;
  swaps_email: Defaulted<boolean>;
  swaps_push: Defaulted<boolean>;
  help_email: Defaulted<boolean>;
  help_push: Defaulted<boolean>;
  next_email: Defaulted<boolean>;
  next_push: Defaulted<boolean>;
  updated_at: DefaultedTimestamp;
}

export interface PushSubscriptionTable {
  club_id: string;
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: DefaultedTimestamp;
}

export interface CalendarFeedTable {
  club_id: string;
  user_id: string;
  token: string;
  created_at: DefaultedTimestamp;
}

export interface FlightNextNoticeTable {
  club_id: string;
  flight_id: string;
  user_id: string;
  decided_at: DefaultedTimestamp;
}

export interface DB {
  app_setting: AppSettingTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  auth_attempt: AuthAttemptTable;
  club: ClubTable;
  club_logo: ClubLogoTable;
  club_version: ClubVersionTable;
  profile: ProfileTable;
  pilot: PilotTable;
  club_invitation: ClubInvitationTable;
  mail_outbox: MailOutboxTable;
  glider: GliderTable;
  tug: TugTable;
  launch_type: LaunchTypeTable;
  intro_launch: IntroLaunchTable;
  block_rule: BlockRuleTable;
  intro: IntroTable;
  ledger_transaction: LedgerTransactionTable;
  posting: PostingTable;
  member_block: MemberBlockTable;
  block_usage: BlockUsageTable;
  member_block_void: MemberBlockVoidTable;
  flight: FlightTable;
  flight_action: FlightActionTable;
  flight_correction: FlightCorrectionTable;
  tow_event: TowEventTable;
  live_event: LiveEventTable;
  roster_setting: RosterSettingTable;
  duty_role: DutyRoleTable;
  duty_eligibility: DutyEligibilityTable;
  duty_blackout: DutyBlackoutTable;
  duty_preference: DutyPreferenceTable;
  duty: DutyTable;
  duty_swap: DutySwapTable;
  flying_plan: FlyingPlanTable;
  duty_help_call: DutyHelpCallTable;
  notification_setting: NotificationSettingTable;
  push_subscription: PushSubscriptionTable;
  calendar_feed: CalendarFeedTable;
  flight_next_notice: FlightNextNoticeTable;
  ogn_device: OgnDeviceTable;
  ogn_detection: OgnDetectionTable;
  ogn_feed_state: OgnFeedStateTable;
  ogn_feed_lease: OgnFeedLeaseTable;
}
