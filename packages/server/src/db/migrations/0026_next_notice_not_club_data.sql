-- "You are next" (0025) is decided by a listener after a flight notice,
-- moments after the write that made the flight next: bumping the club's
-- change counter then gave every phone's line read a new ETag with nothing
-- on the line changed (and a read right after a write, a second one). No
-- club read shows this table, so it does not bump the counter.
drop trigger flight_next_notice_club_version on flight_next_notice;
