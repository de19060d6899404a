-- Posting money by hand (add-transaction), corrections (reverse-transaction)
-- and accounting admin. Every invariant of 0004_ledger.sql still holds: this
-- file only relaxes one check, adds a column with a default and adds tables.

-- A Write Down on Intro A/P may recognise the liability as a whole, naming
-- no intro; an intro is still only ever named on Intro A/P (2120).
alter table posting drop constraint posting_check1;
alter table posting add constraint posting_intro_only_on_intro_ap check (intro_id is null or account = 2120);

-- What a member's history and the drill-downs show for an entry:
-- 'Deposit (E-Transfer) ref 1234', 'Hangar fee', 'Block: Season 600 min', 'Reversal of #12'.
alter table ledger_transaction
  add column description text not null default '' check (length(description) <= 300);

-- Reversing a block purchase voids its block. The mark is append-only (one
-- per block, never changed or removed) and names the reversing transaction.
create table member_block_void (
  member_block_id uuid primary key references member_block (id),
  transaction_id bigint not null references ledger_transaction (id),
  voided_at timestamptz not null default now()
);
create trigger member_block_void_immutable before update or delete on member_block_void
  for each row execute function ledger_immutable();
create trigger member_block_void_no_truncate before truncate on member_block_void
  for each statement execute function ledger_immutable();

-- The block a purchase created, found from the purchase when it is reversed.
create index member_block_transaction_idx on member_block (transaction_id) where transaction_id is not null;

-- Nothing draws from a voided block.
create function block_usage_not_voided() returns trigger language plpgsql as $$
declare
  voided_by bigint;
begin
  select transaction_id into voided_by from member_block_void where member_block_id = new.member_block_id;
  if found then
    raise exception 'Block % was voided by transaction % and cannot be used', new.member_block_id, voided_by
      using errcode = '55000', hint = 'block_voided';
  end if;
  return new;
end $$;
create trigger block_usage_not_voided before insert on block_usage
  for each row execute function block_usage_not_voided();
