-- What a flight charge was made of, frozen with its entry (docs/accounting.md,
-- "Charge breakdowns"): the price rule's figures — the launch's ranges
-- crossed, the minutes billed and the rate, each payer's block drawn, net and
-- taxes — as the entry was posted. Entries are never updated (0004), so a
-- later change of prices, rates or taxes never rewrites an old explanation.
-- Null for every other entry and for flight charges posted before this.

alter table ledger_transaction
  add column breakdown jsonb check (breakdown is null or jsonb_typeof(breakdown) = 'object');
