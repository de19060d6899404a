-- What a club flies and sells: gliders, tugs, launch types, intro launch
-- options and block (prepaid package) rules. Nothing is deleted: items are
-- set Not ready or inactive.

create table glider (
  club_id uuid not null references club (id),
  id text not null check (length(id) between 1 and 20),           -- registration, fixed once created
  places integer not null default 1 check (places between 1 and 4),
  weight_kg integer not null default 0 check (weight_kg between 0 and 2000),
  rate_cents_per_minute bigint not null default 0 check (rate_cents_per_minute >= 0),
  launch_speed_kn integer not null default 0 check (launch_speed_kn between 0 and 200),
  status text not null default 'Not ready' check (status in ('Ready', 'Flying', 'Not ready')),
  block_rule_ids text[] not null default '{}',
  tax_status text not null default 'exempt' check (tax_status in ('exempt', 'inclusive', 'exclusive')),
  tax_names text[] not null default '{}',
  created_at timestamptz not null default now(),
  primary key (club_id, id)
);

create table tug (
  club_id uuid not null references club (id),
  id text not null check (length(id) between 1 and 20),
  aircraft_type text not null default '' check (length(aircraft_type) <= 60),
  places integer not null default 2 check (places between 1 and 4),
  status text not null default 'Not ready' check (status in ('Ready', 'Not ready')),
  created_at timestamptz not null default now(),
  primary key (club_id, id)
);

-- A launch type: fixed (known height, one price) or variable (a base price
-- plus a cost per segment of each height range).
create table launch_type (
  club_id uuid not null references club (id),
  id text not null check (length(id) between 1 and 40),            -- label, fixed once created
  kind text not null check (kind in ('fixed', 'variable')),
  price_cents bigint not null default 0 check (price_cents >= 0),
  height integer check (height >= 0),
  height_ranges jsonb not null default '[]'::jsonb check (jsonb_typeof(height_ranges) = 'array'),
  tax_status text not null default 'exempt' check (tax_status in ('exempt', 'inclusive', 'exclusive')),
  tax_names text[] not null default '{}',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (club_id, id)
);

create table intro_launch (
  club_id uuid not null references club (id),
  id text not null check (length(id) between 1 and 40),            -- label, fixed once created
  launch_type_id text not null,
  price_cents bigint not null check (price_cents >= 0),
  tax_status text not null default 'exempt' check (tax_status in ('exempt', 'inclusive')),
  tax_names text[] not null default '{}',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (club_id, id),
  foreign key (club_id, launch_type_id) references launch_type (club_id, id)
);

create table block_rule (
  club_id uuid not null references club (id),
  id text not null default gen_random_uuid()::text,
  name text not null check (length(name) between 1 and 60),
  units text not null check (units in ('unlimited', '$', 'minutes')),
  amount bigint not null default 0 check (amount >= 0),            -- cents for $, minutes for minutes
  price_cents bigint not null default 0 check (price_cents >= 0),
  ends_with_membership boolean not null default true,
  ends_after_days boolean not null default false,
  days_count integer not null default 0 check (days_count >= 0),
  ends_after_flying_days boolean not null default false,
  flying_days_count integer not null default 0 check (flying_days_count >= 0),
  min_flight_charge_cents bigint not null default 0 check (min_flight_charge_cents >= 0),
  min_flight_units integer not null default 0 check (min_flight_units >= 0),
  max_flight_charge_cents bigint check (max_flight_charge_cents >= 0), -- null: unlimited
  max_flight_units integer check (max_flight_units >= 0),              -- null: unlimited
  excess_multiplier numeric(6, 3) not null default 1 check (excess_multiplier >= 0),
  tax_status text not null default 'exempt' check (tax_status in ('exempt', 'inclusive', 'exclusive')),
  tax_names text[] not null default '{}',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (club_id, id)
);
