-- A member's logbook (serve-logs with userID) lists the flights they flew as
-- pilot or second person, or towed, over up to 60 years: with only the
-- (club_id, user_id, day) index that OR reads every flight of the club. An
-- index per column lets PostgreSQL combine the three (a bitmap OR), so the
-- logbook reads the member's flights only, however long the club's history.
create index flight_passenger_idx on flight (club_id, passenger_id, day) where passenger_id is not null;
create index flight_tow_pilot_idx on flight (club_id, tow_pilot, day) where tow_pilot is not null;
