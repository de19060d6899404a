-- Clubs, the people in them, and the local mail outbox.

create table club (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 100),
  short_name text not null default '' check (length(short_name) <= 30),
  link text not null default '' check (length(link) <= 500),
  logo text not null default '' check (length(logo) <= 500),
  message text not null default '' check (length(message) <= 20000),
  time_zone text not null,
  currency text not null default 'CAD' check (currency ~ '^[A-Z]{3}$'),
  height_unit text not null default 'ft' check (height_unit in ('ft', 'm')),
  tax_rates jsonb not null default '{}'::jsonb check (jsonb_typeof(tax_rates) = 'object'),
  membership_year_end text not null default '12-31' check (membership_year_end ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
  warning_level_cents bigint not null default 0,
  minimum_level_cents bigint not null default 0,
  intro_stale_days integer not null default 365 check (intro_stale_days between 0 and 3650),
  lock_date date,
  fee_list text[] not null default '{}',
  payment_methods text[] not null default '{Cash,Cheque,Credit Card,E-Transfer}',
  created_at timestamptz not null default now(),
  check (minimum_level_cents <= warning_level_cents)
);
create unique index club_name_key on club (lower(name));

-- What a person keeps across clubs: contact details, sharing choices, the active club.
create table profile (
  user_id text primary key references "user" (id) on delete cascade,
  active_club_id uuid references club (id),
  weight_kg integer not null default 0 check (weight_kg between 0 and 300),
  phone text not null default '' check (length(phone) <= 40),
  email text not null default '' check (length(email) <= 254),
  address text not null default '' check (length(address) <= 500),
  em_contact text not null default '' check (length(em_contact) <= 100),
  em_phone text not null default '' check (length(em_phone) <= 40),
  em_relation text not null default '' check (length(em_relation) <= 60),
  em_note text not null default '' check (length(em_note) <= 1000),
  em_link text not null default '' check (length(em_link) <= 500),
  share_email boolean not null default false,
  share_phone boolean not null default false,
  share_address boolean not null default false,
  updated_at timestamptz not null default now()
);

-- A person's record in one club: the club's flags for them. A membership
-- request is a pilot row that was never activated (activated_at null).
create table pilot (
  club_id uuid not null references club (id),
  user_id text not null references "user" (id),
  is_instructor boolean not null default false,
  is_tow_pilot boolean not null default false,
  is_admin boolean not null default false,
  is_active boolean not null default false,
  active_expiration date,
  ground_only boolean not null default false,
  can_edit_logs boolean not null default false,
  can_add_funds boolean not null default false,
  can_add_intros boolean not null default false,
  can_update_gliders boolean not null default false,
  requested_at timestamptz not null default now(),
  activated_at timestamptz,
  declined_at timestamptz,
  primary key (club_id, user_id)
);
create index pilot_user_idx on pilot (user_id);

create table mail_outbox (
  id bigint generated always as identity primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);

-- Server-wide settings shared by every API process (e.g. the generated auth secret).
create table app_setting (
  key text primary key,
  value text not null
);
