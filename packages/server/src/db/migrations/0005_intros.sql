-- Intro (trial flight) vouchers a club sells. Sale, refund and cancel come
-- with the intro issue; for now they are listed on the Administration page.
-- Nothing is deleted: a refund or a cancellation is a time stamp.

create table intro (
  club_id uuid not null references club (id),
  id uuid not null default gen_random_uuid(),
  sn text not null check (length(sn) between 1 and 20),             -- serial number, unique per club (any case)
  recipient_first text not null check (length(recipient_first) between 1 and 60),
  recipient_last text not null check (length(recipient_last) between 1 and 60),
  recipient_email text not null default '' check (length(recipient_email) <= 254),
  buyer_first text not null default '' check (length(buyer_first) <= 60),
  buyer_last text not null default '' check (length(buyer_last) <= 60),
  buyer_email text not null default '' check (length(buyer_email) <= 254),
  launch_type text not null,                                        -- an intro launch option of the club
  price_cents bigint not null check (price_cents >= 0),
  payment text not null default '' check (length(payment) <= 40),
  payment_ref text not null default '' check (length(payment_ref) <= 200),
  purchase_date date not null,
  purchased_at timestamptz not null default now(),
  note text not null default '' check (length(note) <= 1000),
  stale_date date not null,
  flight_ref text check (length(flight_ref) between 1 and 100),     -- null: not on a flight
  tax_status text not null default 'exempt' check (tax_status in ('exempt', 'inclusive')),
  tax_names text[] not null default '{}',
  refunded_at timestamptz,
  cancelled_at timestamptz,
  written_down boolean not null default false,
  created_by text references "user" (id),
  created_at timestamptz not null default now(),
  primary key (id),
  unique (club_id, id),
  foreign key (club_id, launch_type) references intro_launch (club_id, id),
  -- Expiration = purchase date + stale days, and stale days are never negative.
  check (stale_date >= purchase_date),
  -- An intro is refunded or cancelled, not both.
  check (refunded_at is null or cancelled_at is null)
);
create unique index intro_sn_key on intro (club_id, lower(sn));
create index intro_club_purchase_idx on intro (club_id, purchase_date);
