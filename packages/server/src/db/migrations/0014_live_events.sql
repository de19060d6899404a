-- The live line (docs/live.md): change notices for the phones' event streams.
--
-- Triggers on the tables that hold what the line screens show write each
-- notice here and NOTIFY it on the channel 'flightline_live', in the
-- transaction of the change: a rolled-back write sends nothing, and no write
-- path (line actions, log edits, the back office, the command line) can
-- forget one. Every server process LISTENs on the channel and passes each
-- notice to the streams of its club; a phone that reconnects reads what it
-- missed from this table by its last event id. Rows are kept about a day
-- (modules/live/repo.ts prunes them).

create table live_event (
  id bigint generated always as identity primary key,
  club_id uuid not null,
  -- Only this member's streams (their own account); null: every stream of the club.
  member_id text,
  notice jsonb not null check (jsonb_typeof(notice) = 'object' and notice ? 'kind'),
  -- The writing transaction: one notice of a kind per transaction (a log edit reverses and posts many postings).
  xact_id bigint not null default pg_current_xact_id()::text::bigint,
  at timestamptz not null default now()
);
create unique index live_event_once_key on live_event (xact_id, club_id, coalesce(member_id, ''), notice);
-- A reconnecting phone's catch-up: its club's events after its last id.
create index live_event_club_idx on live_event (club_id, id);

create function live_notice(club uuid, member text, notice jsonb) returns void language plpgsql as $$
declare
  event_id bigint;
begin
  insert into live_event (club_id, member_id, notice) values (club, member, notice)
    on conflict do nothing
    returning id into event_id;
  if event_id is not null then
    -- Delivered to the listeners only when the transaction commits.
    perform pg_notify('flightline_live', json_build_object('id', event_id, 'club', club, 'member', member, 'notice', notice)::text);
  end if;
end $$;

-- A flight's every change is a flight_action row: request, line actions, log edits.
create function flight_action_live_notice() returns trigger language plpgsql as $$
begin
  perform live_notice(new.club_id, null, jsonb_build_object(
    'kind', 'flight',
    'change', case new.action
      when 'Create' then 'requested'
      when 'Launch' then 'launched'
      when 'ReleaseHeight' then 'offTow'
      when 'Landing' then 'landed'
      when 'CancelRequest' then 'removed'
      when 'UndoLaunch' then 'launchUndone'
      when 'UndoLanding' then 'landingUndone'
      when 'ChangeFlight' then 'edited'
    end,
    'flightId', new.flight_id,
    'day', (select day from flight where id = new.flight_id)));
  return null;
end $$;
create trigger flight_action_live after insert on flight_action
  for each row execute function flight_action_live_notice();

-- The tugs' log: check in, check out, refuel, oil change.
create function tow_event_live_notice() returns trigger language plpgsql as $$
begin
  perform live_notice(new.club_id, null, jsonb_build_object('kind', 'tug', 'change', new.kind, 'tugId', new.tug));
  return null;
end $$;
create trigger tow_event_live after insert on tow_event
  for each row execute function tow_event_live_notice();

create function tug_live_notice() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    perform live_notice(new.club_id, null, jsonb_build_object('kind', 'tug', 'change', 'status', 'tugId', new.id));
  end if;
  return null;
end $$;
create trigger tug_live after insert or update on tug
  for each row execute function tug_live_notice();

-- Ready, Flying, Not ready: set by the flights (request, landing, removal) and the back office.
create function glider_live_notice() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    perform live_notice(new.club_id, null, jsonb_build_object('kind', 'glider', 'gliderId', new.id, 'status', new.status));
  end if;
  return null;
end $$;
create trigger glider_live after insert or update on glider
  for each row execute function glider_live_notice();

create function intro_live_notice() returns trigger language plpgsql as $$
begin
  if (tg_op = 'INSERT' and new.flight_ref is not null) or (tg_op = 'UPDATE' and new.flight_ref is distinct from old.flight_ref) then
    perform live_notice(new.club_id, null, jsonb_build_object('kind', 'intro', 'introId', new.id, 'flightId', new.flight_ref));
  end if;
  return null;
end $$;
create trigger intro_live after insert or update on intro
  for each row execute function intro_live_notice();

-- A member's account (Members A/P, 2100) changed: told to that member only, without the amount.
create function posting_live_notice() returns trigger language plpgsql as $$
begin
  if new.member_id is not null then
    perform live_notice(new.club_id, new.member_id, jsonb_build_object('kind', 'account'));
  end if;
  return null;
end $$;
create trigger posting_live after insert on posting
  for each row execute function posting_live_notice();
