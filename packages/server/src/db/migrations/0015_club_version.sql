-- A club's change counter, for cheap revalidation of the line reads
-- (ETag / 304 Not Modified; docs/decisions/0013-line-reads-etag.md).
--
-- Every write to a club's data bumps its counter in the same transaction,
-- by triggers, so no write path (line actions, log edits, the back office,
-- the command line, a migration) can forget it. A read takes the counter in
-- the same statement as the caller's club and membership, before it reads
-- anything else: an answer is never older than the counter its ETag names,
-- so an ETag that still names the current counter names a current answer.
--
-- The bump is a deferred constraint trigger: it runs at commit, after all of
-- the transaction's other work, so the counter row is locked for the moment
-- of the commit only and never held while the transaction waits for another
-- lock. A transaction bumps a club once (xact_id), however many rows it writes.
-- A later migration that writes rows of these tables and then alters the same
-- table in its transaction must `set constraints all immediate` in between
-- (PostgreSQL alters no table with pending trigger events).

create table club_version (
  club_id uuid primary key,
  version bigint not null default 0,
  -- The last transaction that bumped it.
  xact_id bigint not null default 0
);
insert into club_version (club_id) select id from club;

create function bump_club_version(club uuid) returns void language plpgsql as $$
declare
  xact bigint := pg_current_xact_id()::text::bigint;
begin
  insert into club_version (club_id, version, xact_id) values (club, 1, xact)
    on conflict (club_id) do update set version = club_version.version + 1, xact_id = excluded.xact_id
    where club_version.xact_id <> excluded.xact_id;
end $$;

-- A row of a club's table: its club, and its former club when an update moves it.
create function club_row_changed() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    perform bump_club_version(new.club_id);
  end if;
  if tg_op <> 'INSERT' and (tg_op = 'DELETE' or old.club_id is distinct from new.club_id) then
    perform bump_club_version(old.club_id);
  end if;
  return null;
end $$;

-- The club's own row (settings, lock date, time zone).
create function club_changed() returns trigger language plpgsql as $$
begin
  perform bump_club_version(coalesce(new.id, old.id));
  return null;
end $$;

-- A person's names and profile (weight) show in every club they belong to.
create function member_changed() returns trigger language plpgsql as $$
declare
  person text;
  club uuid;
begin
  if tg_table_name = 'user' then
    person := coalesce(new.id, old.id);
  else
    person := coalesce(new.user_id, old.user_id);
  end if;
  for club in select club_id from pilot where user_id = person order by club_id loop
    perform bump_club_version(club);
  end loop;
  return null;
end $$;

-- Block usage and voids carry no club_id: the block's club.
create function member_block_child_changed() returns trigger language plpgsql as $$
begin
  perform bump_club_version((select club_id from member_block where id = coalesce(new.member_block_id, old.member_block_id)));
  return null;
end $$;

create constraint trigger club_club_version after insert or update or delete on club
  deferrable initially deferred for each row execute function club_changed();
create constraint trigger user_club_version after update or delete on "user"
  deferrable initially deferred for each row execute function member_changed();
create constraint trigger profile_club_version after insert or update or delete on profile
  deferrable initially deferred for each row execute function member_changed();
create constraint trigger block_usage_club_version after insert on block_usage
  deferrable initially deferred for each row execute function member_block_child_changed();
create constraint trigger member_block_void_club_version after insert on member_block_void
  deferrable initially deferred for each row execute function member_block_child_changed();

do $$
declare
  t text;
begin
  foreach t in array array[
    'pilot', 'glider', 'tug', 'launch_type', 'intro_launch', 'block_rule', 'ledger_transaction', 'posting',
    'member_block', 'intro', 'flight', 'flight_action', 'flight_correction', 'tow_event', 'club_logo'
  ] loop
    execute format(
      'create constraint trigger %I after insert or update or delete on %I deferrable initially deferred for each row execute function club_row_changed()',
      t || '_club_version', t);
  end loop;
end $$;
