-- A member's block changes only through the ledger, as its usage does
-- (block_usage, append-only). A block is created by the Block entry that
-- sells it: in the same database transaction, for the same club, and is
-- never changed, removed or truncated afterwards. Its units and dates are
-- what was sold; a reversal voids it (member_block_void), flights draw from
-- it (block_usage).
create function member_block_from_entry() returns trigger language plpgsql as $$
declare
  tx record;
begin
  if new.transaction_id is null then
    raise exception 'A block is created only by the Block transaction that sells it'
      using errcode = '23514', hint = 'block_without_entry';
  end if;
  select club_id, transaction_type, created_xact into tx from ledger_transaction where id = new.transaction_id;
  if not found then
    raise exception 'block refers to unknown transaction %', new.transaction_id using errcode = '23503';
  end if;
  if tx.club_id <> new.club_id or tx.transaction_type <> 'Block' then
    raise exception 'Transaction % is not a Block sale of this club', new.transaction_id
      using errcode = '23514', hint = 'block_without_entry';
  end if;
  if tx.created_xact <> pg_current_xact_id() then
    raise exception 'Transaction % is already posted: a block is created only with its sale', new.transaction_id
      using errcode = '55000', hint = 'ledger_immutable';
  end if;
  return new;
end $$;
create trigger member_block_from_entry before insert on member_block
  for each row execute function member_block_from_entry();
create trigger member_block_immutable before update or delete on member_block
  for each row execute function ledger_immutable();
create trigger member_block_no_truncate before truncate on member_block
  for each statement execute function ledger_immutable();
create trigger block_usage_no_truncate before truncate on block_usage
  for each statement execute function ledger_immutable();
