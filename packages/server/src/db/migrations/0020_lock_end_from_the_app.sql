-- One clock (docs/accounting.md, "Lock date"): the instant the lock ends was
-- worked out here with AT TIME ZONE, from PostgreSQL's own copy of the tz
-- database (PGlite's and each server's, of different ages: for British
-- Columbia, UTC−7 all year since November 2026, an hour apart). The app now
-- computes it from the tz database it ships and writes it with the lock date;
-- the database still keeps that it follows the lock date and nothing else:
-- it changes only with lock_date, moves only forward, and lies within the
-- hours that the end of that day can be in any zone (UTC−12 to UTC+14; 15 h
-- either side of midnight UTC), worked out from the epoch with no zone data.
-- Rows set before keep their lock_until as it was computed then.

create or replace function lock_until_fits(lock_date date, lock_until timestamptz) returns boolean
language sql immutable as $$
  select lock_until is not null
     and extract(epoch from lock_until) between ((lock_date + 1) - date '1970-01-01') * 86400 - 15 * 3600
                                            and ((lock_date + 1) - date '1970-01-01') * 86400 + 15 * 3600
$$;

create or replace function club_lock_forward() returns trigger language plpgsql as $$
begin
  if old.lock_date is not null and (new.lock_date is null or new.lock_date < old.lock_date) then
    raise exception 'The lock date can only move forward (it is %)', old.lock_date
      using errcode = '23514', hint = 'lock_backward';
  end if;
  if new.lock_date is distinct from old.lock_date then
    if not lock_until_fits(new.lock_date, new.lock_until) or (old.lock_until is not null and new.lock_until <= old.lock_until) then
      raise exception 'lock_until must be the end of the lock date % in the club''s zone, after the previous lock', new.lock_date
        using errcode = '23514', hint = 'lock_until';
    end if;
  else
    new.lock_until := old.lock_until;
  end if;
  return new;
end $$;

create or replace function club_lock_on_insert() returns trigger language plpgsql as $$
begin
  if new.lock_date is null then
    new.lock_until := null;
  elsif not lock_until_fits(new.lock_date, new.lock_until) then
    raise exception 'lock_until must be the end of the lock date % in the club''s zone', new.lock_date
      using errcode = '23514', hint = 'lock_until';
  end if;
  return new;
end $$;
