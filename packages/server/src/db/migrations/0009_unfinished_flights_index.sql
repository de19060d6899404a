-- The line page's poll lists today's flights and any flight of an earlier day
-- left unfinished (never landed, not cancelled). Unfinished flights are a
-- handful per club at any time, so this partial index finds them without
-- reading the club's history.
create index flight_unfinished_idx on flight (club_id, day) where landed_at is null and cancelled_at is null;
