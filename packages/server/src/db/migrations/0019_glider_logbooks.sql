-- Glider logbooks (docs/flight-line.md, "Glider logbooks"): a glider's
-- aircraft type ("ASK 21"), which the personal logbook CSV writes beside the
-- registration, and the date its hours since maintenance count from (a club
-- day, e.g. the last annual inspection; none until someone sets it).

alter table glider
  add column aircraft_type text not null default '' check (length(aircraft_type) <= 60),
  add column maintenance_date date check (maintenance_date >= date '1900-01-01');

-- A glider's flights, its totals and those since its maintenance date are
-- read per glider: this finds them without reading the club's other gliders.
create index flight_glider_idx on flight (club_id, glider, day);
