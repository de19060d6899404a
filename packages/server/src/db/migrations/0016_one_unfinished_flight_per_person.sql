-- A person (the pilot or the second member) is on at most one unfinished
-- flight (neither landed nor cancelled) at a time (domain rules "Flights";
-- issue 15 item 4). The request service checks it first for a clear answer;
-- this trigger keeps it for every write path: a request, an undone landing
-- that puts a flight back on the line, a log edit that changes its people.
--
-- The pilot and the second person sit in two columns, so no unique index can
-- say it. The trigger takes a transaction lock per person (in a fixed order,
-- so two writes naming the same two people cannot deadlock on them) and then
-- looks for another unfinished flight: a concurrent write naming the same
-- person waits for this transaction to end, and then sees its flight (each
-- statement of a trigger reads what was committed when it starts).

create function flight_one_per_person() returns trigger language plpgsql as $$
declare
  person text;
  other record;
begin
  if tg_op = 'UPDATE' and old.landed_at is null and old.cancelled_at is null
     and old.user_id = new.user_id and old.passenger_id is not distinct from new.passenger_id then
    return new;
  end if;
  for person in
    select distinct p from unnest(array[new.user_id, new.passenger_id]) as p where p is not null order by p
  loop
    -- 16: this lock's class among the app's advisory locks (the two-key form, apart from migrate's).
    perform pg_advisory_xact_lock(16, hashtext(new.club_id::text || '/' || person));
    select f.glider, trim(u."firstName" || ' ' || u."lastName") as name
      into other
      from flight f
      join "user" u on u.id = person
     where f.club_id = new.club_id and f.id <> new.id
       and f.landed_at is null and f.cancelled_at is null
       and (f.user_id = person or f.passenger_id = person)
     limit 1;
    if found then
      raise exception '% is already on the flight line in %: land or remove that flight first', other.name, other.glider
        using errcode = '23P01', hint = 'person_on_line';
    end if;
  end loop;
  return new;
end $$;

create trigger flight_one_per_person before insert or update of user_id, passenger_id, landed_at, cancelled_at on flight
  for each row when (new.landed_at is null and new.cancelled_at is null)
  execute function flight_one_per_person();

