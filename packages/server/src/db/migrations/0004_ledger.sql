-- The double-entry ledger. The database itself keeps its invariants:
--   * the postings of a transaction sum to exactly 0 (checked at commit),
--   * every transaction has at least two postings, none of them 0,
--   * posted rows are never updated, deleted or truncated,
--   * nothing is posted on or before the end of the club's lock date.
-- Mistakes are corrected by a reversing transaction linked to the original.

create table ledger_transaction (
  id bigint generated always as identity primary key,
  club_id uuid not null references club (id),
  effective_at timestamptz not null,
  entered_at timestamptz not null default now(),
  entered_by text references "user" (id),
  transaction_type text not null check (length(transaction_type) between 1 and 40),
  note text not null default '' check (length(note) <= 1000),
  reference text not null default '' check (length(reference) <= 200),
  idempotency_key text check (length(idempotency_key) <= 100),
  reverses_id bigint references ledger_transaction (id),
  unique (id, club_id),
  unique (club_id, idempotency_key),
  unique (reverses_id)
);
create index ledger_transaction_club_time_idx on ledger_transaction (club_id, effective_at);

create table posting (
  id bigint generated always as identity primary key,
  transaction_id bigint not null,
  club_id uuid not null,
  effective_at timestamptz not null,
  account integer not null check (account in (1000, 2100, 2120, 2510, 4100, 4200, 4300, 4900, 60510, 60520, 60530, 60900)),
  amount_cents bigint not null check (amount_cents <> 0),
  member_id text references "user" (id),
  intro_id text,
  tax_name text,
  transfer_type text,
  fee_class text,
  flight_id text,
  foreign key (transaction_id, club_id) references ledger_transaction (id, club_id),
  check ((account = 2100) = (member_id is not null)),
  check ((account = 2120) = (intro_id is not null)),
  check (account <> 2510 or tax_name is not null)
);
create index posting_transaction_idx on posting (transaction_id);
create index posting_club_account_time_idx on posting (club_id, account, effective_at);
create index posting_member_idx on posting (club_id, member_id, effective_at) where member_id is not null;
create index posting_intro_idx on posting (club_id, intro_id) where intro_id is not null;

-- A posting takes its club and effective time from its transaction.
create function posting_fill() returns trigger language plpgsql as $$
declare
  tx record;
  lock_end timestamptz;
begin
  select t.club_id, t.effective_at, c.lock_date, c.time_zone
    into tx
    from ledger_transaction t join club c on c.id = t.club_id
   where t.id = new.transaction_id;
  if not found then
    raise exception 'posting refers to unknown transaction %', new.transaction_id using errcode = '23503';
  end if;
  new.club_id := tx.club_id;
  new.effective_at := tx.effective_at;
  if tx.lock_date is not null then
    lock_end := ((tx.lock_date + 1)::timestamp at time zone tx.time_zone);
    if new.effective_at < lock_end then
      raise exception 'Transactions on or before the lock date % cannot be posted', tx.lock_date
        using errcode = 'P0001', hint = 'ledger_locked';
    end if;
  end if;
  return new;
end $$;
create trigger posting_fill before insert on posting for each row execute function posting_fill();

-- The lock date also guards the transaction row itself.
create function ledger_transaction_lock_check() returns trigger language plpgsql as $$
declare
  c record;
begin
  select lock_date, time_zone into c from club where id = new.club_id;
  if c.lock_date is not null and new.effective_at < ((c.lock_date + 1)::timestamp at time zone c.time_zone) then
    raise exception 'Transactions on or before the lock date % cannot be posted', c.lock_date
      using errcode = 'P0001', hint = 'ledger_locked';
  end if;
  return new;
end $$;
create trigger ledger_transaction_lock_check before insert on ledger_transaction
  for each row execute function ledger_transaction_lock_check();

-- At commit: each transaction touched has two or more postings summing to 0.
create function ledger_transaction_balanced() returns trigger language plpgsql as $$
declare
  tx_id bigint;
  total numeric;
  n integer;
begin
  -- Each branch names only its own table's column: plpgsql resolves record fields when it runs them.
  if tg_table_name = 'posting' then
    tx_id := new.transaction_id;
  else
    tx_id := new.id;
  end if;
  select coalesce(sum(amount_cents), 0), count(*) into total, n from posting where transaction_id = tx_id;
  if n < 2 then
    raise exception 'Transaction % has % posting(s); a transaction needs at least two', tx_id, n
      using errcode = '23514', hint = 'ledger_unbalanced';
  end if;
  if total <> 0 then
    raise exception 'Transaction % does not balance: its postings sum to % cents', tx_id, total
      using errcode = '23514', hint = 'ledger_unbalanced';
  end if;
  return null;
end $$;
create constraint trigger posting_balanced after insert on posting
  deferrable initially deferred for each row execute function ledger_transaction_balanced();
create constraint trigger ledger_transaction_balanced after insert on ledger_transaction
  deferrable initially deferred for each row execute function ledger_transaction_balanced();

create function ledger_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'Posted ledger rows cannot be changed or deleted; post a reversing transaction instead'
    using errcode = '55000', hint = 'ledger_immutable';
end $$;
create trigger ledger_transaction_immutable before update or delete on ledger_transaction
  for each row execute function ledger_immutable();
create trigger posting_immutable before update or delete on posting
  for each row execute function ledger_immutable();
create trigger ledger_transaction_no_truncate before truncate on ledger_transaction
  for each statement execute function ledger_immutable();
create trigger posting_no_truncate before truncate on posting
  for each statement execute function ledger_immutable();

-- A member's purchased block (prepaid package), created by a Block transaction.
create table member_block (
  id uuid primary key default gen_random_uuid(),
  club_id uuid not null references club (id),
  member_id text not null references "user" (id),
  block_rule_id text not null,
  name text not null,
  units text not null check (units in ('unlimited', '$', 'minutes')),
  amount bigint not null check (amount >= 0),
  starts_on date not null,
  ends_on date not null,
  transaction_id bigint references ledger_transaction (id),
  created_at timestamptz not null default now(),
  check (starts_on <= ends_on),
  foreign key (club_id, block_rule_id) references block_rule (club_id, id)
);
create index member_block_member_idx on member_block (club_id, member_id, ends_on);

-- Units a flight drew from a block (cents or minutes); append-only, reversed by a negative row.
create table block_usage (
  id bigint generated always as identity primary key,
  member_block_id uuid not null references member_block (id),
  flight_id text,
  transaction_id bigint references ledger_transaction (id),
  units_used bigint not null,
  flown_on date not null,
  created_at timestamptz not null default now()
);
create index block_usage_block_idx on block_usage (member_block_id);
create trigger block_usage_immutable before update or delete on block_usage
  for each row execute function ledger_immutable();
