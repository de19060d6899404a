-- Telling members (issue 29 item 5, docs/duty-roster.md "Telling people"):
-- which notices each member wants by email and by Web Push, the push
-- subscriptions of their installed apps, the secret token of their calendar
-- feed, and "you are next" decided once per flight. The installation's VAPID
-- keys are kept in app_setting (key vapid_keys), made once like the auth secret.

-- Per member of a club and kind of notice, per channel. No row: the defaults.
create table notification_setting (
  club_id uuid not null,
  user_id text not null,
  roster_email boolean not null default true,
  roster_push boolean not null default true,
  swaps_email boolean not null default true,
  swaps_push boolean not null default true,
  help_email boolean not null default true,
  help_push boolean not null default true,
  next_email boolean not null default false,
  next_push boolean not null default true,
  updated_at timestamptz not null default now(),
  primary key (club_id, user_id),
  foreign key (club_id, user_id) references pilot (club_id, user_id)
);

-- A browser's PushManager subscription (its push service endpoint and keys), for one member of the club.
-- The same browser subscribed again, by another person on a shared phone, moves to that person.
create table push_subscription (
  club_id uuid not null,
  endpoint text not null check (endpoint ~ '^https?://' and length(endpoint) <= 1000),
  user_id text not null,
  p256dh text not null check (length(p256dh) between 1 and 200),
  auth text not null check (length(auth) between 1 and 100),
  created_at timestamptz not null default now(),
  primary key (club_id, endpoint),
  foreign key (club_id, user_id) references pilot (club_id, user_id)
);
create index push_subscription_member on push_subscription (club_id, user_id);

-- The calendar feed's secret: GET /api/calendar/<token>.ics. Rotating replaces it; the old one then answers 404.
create table calendar_feed (
  club_id uuid not null,
  user_id text not null,
  token text not null unique check (token ~ '^[A-Za-z0-9_-]{32,64}$'),
  created_at timestamptz not null default now(),
  primary key (club_id, user_id),
  foreign key (club_id, user_id) references pilot (club_id, user_id)
);

-- "You are next": the first process to insert a flight's row tells its pilot; any other (or a retried launch) finds it there.
create table flight_next_notice (
  club_id uuid not null,
  flight_id uuid not null,
  user_id text not null,
  decided_at timestamptz not null default now(),
  primary key (club_id, flight_id),
  foreign key (club_id, flight_id) references flight (club_id, id)
);

create constraint trigger notification_setting_club_version after insert or update or delete on notification_setting
  deferrable initially deferred for each row execute function club_row_changed();
create constraint trigger push_subscription_club_version after insert or update or delete on push_subscription
  deferrable initially deferred for each row execute function club_row_changed();
create constraint trigger calendar_feed_club_version after insert or update or delete on calendar_feed
  deferrable initially deferred for each row execute function club_row_changed();
create constraint trigger flight_next_notice_club_version after insert or update or delete on flight_next_notice
  deferrable initially deferred for each row execute function club_row_changed();
