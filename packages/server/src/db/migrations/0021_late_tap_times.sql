-- Tap times bounded (docs/flight-line.md "Time"; issue 25 item 2). A phone's
-- outbox sends each tap with the time it was made, however late it arrives;
-- the server keeps that time, but a tap more than the club's allowance older
-- than its arrival is recorded as entered late: marked on its line action
-- (shown in the flight's history with who sent it and when it came), and a
-- request entered late is queued by its arrival, not by its tap time.

alter table club
  add column late_entry_minutes integer not null default 30
    check (late_entry_minutes between 1 and 1440);

alter table flight_action
  add column entered_late boolean not null default false;

-- When a request entered late arrived; null for one that came in time. The
-- queue (Awaiting Launches, the line page) orders by coalesce(this, submitted_at).
alter table flight
  add column entered_late_at timestamptz;
