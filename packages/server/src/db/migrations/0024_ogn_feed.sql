-- Flights from the Open Glider Network (docs/ogn.md "The feed", issue 27).
-- A club turns the feed on in its settings; its gliders and tugs name their
-- FLARM/OGN device address; the OGN device database (DDB) is imported by
-- `npm run club -- import-ddb FILE`; what the feed detected and the crew has
-- yet to decide (suggestions, unmatched takeoffs) is kept per club; one
-- server process holds the connection (a lease row).

alter table club
  add column ogn_mode text not null default 'off' check (ogn_mode in ('off', 'suggest', 'record')),
  add column ogn_latitude double precision check (ogn_latitude between -90 and 90),
  add column ogn_longitude double precision check (ogn_longitude between -180 and 180),
  add column ogn_elevation_metres integer check (ogn_elevation_metres between -500 and 5000),
  add column ogn_radius_km integer not null default 10 check (ogn_radius_km between 1 and 100),
  add constraint club_ogn_airfield check (ogn_mode = 'off' or (ogn_latitude is not null and ogn_longitude is not null and ogn_elevation_metres is not null));

-- The 6 hex digits of the beacon's id field; one aircraft of the club per address (a glider and a tug never share one:
-- the fleet's service checks across the two tables).
alter table glider add column flarm_id text check (flarm_id ~ '^[0-9A-F]{6}$');
create unique index glider_flarm_id_key on glider (club_id, flarm_id) where flarm_id is not null;
alter table tug add column flarm_id text check (flarm_id ~ '^[0-9A-F]{6}$');
create unique index tug_flarm_id_key on tug (club_id, flarm_id) where flarm_id is not null;

-- The OGN device database: one row per device address, replaced by each import.
create table ogn_device (
  device_id text primary key check (device_id ~ '^[0-9A-F]{6}$'),
  device_type text not null check (device_type in ('F', 'O', 'I')),
  aircraft_model text not null default '' check (length(aircraft_model) <= 100),
  registration text not null default '' check (length(registration) <= 20),
  cn text not null default '' check (length(cn) <= 10),
  tracked boolean not null,
  identified boolean not null
);

-- A detected event the crew decides: a suggestion (suggest mode) or a takeoff no waiting request matched.
create table ogn_detection (
  id bigint generated always as identity primary key,
  club_id uuid not null references club (id),
  -- The detector's event key (address:kind:seconds): the same event is listed once.
  event_key text not null check (length(event_key) <= 60),
  kind text not null check (kind in ('takeoff', 'release', 'landing')),
  status text not null check (status in ('suggested', 'unmatched', 'accepted', 'dismissed')),
  glider text not null,
  happened_at timestamptz not null,
  tug text,
  release_height_metres integer,
  off_tow_at timestamptz,
  -- The waiting request it suggests recording on (a suggestion); the one it was assigned to (an unmatched takeoff).
  flight_id uuid,
  day date not null,
  detected_at timestamptz not null default now(),
  decided_by text references "user" (id),
  decided_at timestamptz,
  unique (club_id, event_key)
);
create index ogn_detection_open_idx on ogn_detection (club_id, day) where status in ('suggested', 'unmatched');
create constraint trigger ogn_detection_club_version after insert or update or delete on ogn_detection
  deferrable initially deferred for each row execute function club_row_changed();

create function ogn_detection_live_notice() returns trigger language plpgsql as $$
begin
  perform live_notice(new.club_id, null, jsonb_build_object('kind', 'ogn'));
  return null;
end $$;
create trigger ogn_detection_live after insert or update on ogn_detection
  for each row execute function ogn_detection_live_notice();

-- What the feed's holder last said of each club's feed; read by every process for the line page. Written every
-- 30 s, so it does not bump the club's counter (the line reads' ETags); a change of state sends a notice.
create table ogn_feed_state (
  club_id uuid primary key references club (id),
  connected boolean not null,
  aircraft_in_range integer not null check (aircraft_in_range >= 0),
  last_beacon_at timestamptz,
  updated_at timestamptz not null
);

create function ogn_feed_state_live_notice() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.connected is distinct from old.connected or new.aircraft_in_range <> old.aircraft_in_range
     or (new.last_beacon_at is null) <> (old.last_beacon_at is null) then
    perform live_notice(new.club_id, null, jsonb_build_object('kind', 'ogn'));
  end if;
  return null;
end $$;
create trigger ogn_feed_state_live after insert or update on ogn_feed_state
  for each row execute function ogn_feed_state_live_notice();

-- The one process holding the feed: a lease its holder renews; another takes it once it has expired.
create table ogn_feed_lease (
  id boolean primary key default true check (id),
  holder text not null,
  expires_at timestamptz not null
);

-- Who records the feed's line actions: the history names "OGN". No account: nobody signs in as it.
insert into "user" (id, name, email, "emailVerified", "firstName", "lastName")
  values ('ogn-feed', 'OGN', 'ogn-feed@flightline.invalid', false, 'OGN', '')
  on conflict do nothing;
