-- Two ways around the ledger's protections, closed in the database.
--
-- 1. A committed entry could take more postings: the balance check only
--    needs its postings to sum to 0, so a later, balanced pair slipped into an
--    old entry changed it. Each entry now records the database transaction
--    that created it, and postings are accepted only from that transaction.
--    pg_current_xact_id() is the top-level transaction's id, also inside a
--    savepoint; a row's value can't be changed (entries are immutable).
alter table ledger_transaction add column created_xact xid8 not null default pg_current_xact_id();

-- 2. The lock was worked out from the club's current time zone, so changing
--    the zone moved it, and club.lock_date itself could be cleared or moved
--    back with SQL. The lock is now also kept as the instant it ends
--    (lock_until), fixed in the zone of the moment it is set; lock_date only
--    moves forward, and lock_until follows lock_date and nothing else.
alter table club add column lock_until timestamptz;
update club set lock_until = ((lock_date + 1)::timestamp at time zone time_zone) where lock_date is not null;

create function club_lock_forward() returns trigger language plpgsql as $$
begin
  if old.lock_date is not null and (new.lock_date is null or new.lock_date < old.lock_date) then
    raise exception 'The lock date can only move forward (it is %)', old.lock_date
      using errcode = '23514', hint = 'lock_backward';
  end if;
  if new.lock_date is distinct from old.lock_date then
    new.lock_until := ((new.lock_date + 1)::timestamp at time zone new.time_zone);
  else
    new.lock_until := old.lock_until;
  end if;
  return new;
end $$;
create trigger club_lock_forward before update on club for each row execute function club_lock_forward();

create function club_lock_on_insert() returns trigger language plpgsql as $$
begin
  new.lock_until := case when new.lock_date is null then null else ((new.lock_date + 1)::timestamp at time zone new.time_zone) end;
  return new;
end $$;
create trigger club_lock_on_insert before insert on club for each row execute function club_lock_on_insert();

-- A posting takes its club and effective time from its transaction, only in
-- the database transaction that created it, and never before the lock's end.
create or replace function posting_fill() returns trigger language plpgsql as $$
declare
  tx record;
begin
  select t.club_id, t.effective_at, t.created_xact, c.lock_date, c.lock_until
    into tx
    from ledger_transaction t join club c on c.id = t.club_id
   where t.id = new.transaction_id;
  if not found then
    raise exception 'posting refers to unknown transaction %', new.transaction_id using errcode = '23503';
  end if;
  if tx.created_xact <> pg_current_xact_id() then
    raise exception 'Transaction % is already posted: it cannot take more postings; post a new transaction instead', new.transaction_id
      using errcode = '55000', hint = 'ledger_immutable';
  end if;
  new.club_id := tx.club_id;
  new.effective_at := tx.effective_at;
  if tx.lock_until is not null and new.effective_at < tx.lock_until then
    raise exception 'Transactions on or before the lock date % cannot be posted', tx.lock_date
      using errcode = 'P0001', hint = 'ledger_locked';
  end if;
  return new;
end $$;

-- The lock also guards the transaction row itself; its creator is always this transaction.
create or replace function ledger_transaction_lock_check() returns trigger language plpgsql as $$
declare
  c record;
begin
  new.created_xact := pg_current_xact_id();
  select lock_date, lock_until into c from club where id = new.club_id;
  if c.lock_until is not null and new.effective_at < c.lock_until then
    raise exception 'Transactions on or before the lock date % cannot be posted', c.lock_date
      using errcode = 'P0001', hint = 'ledger_locked';
  end if;
  return new;
end $$;
