-- A live stream ends with its access (docs/live.md "Who"). When a session
-- ends (sign-out, revoked by a password reset or change, an expired session
-- removed), or a person's membership, rights or active club change, every
-- server process hears of it on the live notices' channel and ends the
-- streams it names; the phone reconnects and is checked again. Triggers, as
-- for the notices: no write path (better-auth, the back office, the command
-- line, SQL by hand) can forget one, and each is sent only if its
-- transaction commits. Nothing is stored: a stream that misses one still
-- ends within its lifetime.

create function live_access_notice(access jsonb) returns void language plpgsql as $$
begin
  perform pg_notify('flightline_live', json_build_object('access', access)::text);
end $$;

create function session_ended_live_access() returns trigger language plpgsql as $$
begin
  perform live_access_notice(jsonb_build_object('session', old.id));
  return null;
end $$;

create trigger session_ended_live_access after delete on "session"
  for each row execute function session_ended_live_access();

-- Active or not (and until when), and every right: a stream is opened under them.
create function pilot_access_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE'
     or (old.is_active, old.active_expiration, old.is_admin, old.is_instructor, old.is_tow_pilot, old.ground_only,
         old.can_edit_logs, old.can_add_funds, old.can_add_intros, old.can_update_gliders)
        is distinct from
        (new.is_active, new.active_expiration, new.is_admin, new.is_instructor, new.is_tow_pilot, new.ground_only,
         new.can_edit_logs, new.can_add_funds, new.can_add_intros, new.can_update_gliders) then
    perform live_access_notice(jsonb_build_object('user', old.user_id, 'club', old.club_id));
  end if;
  return null;
end $$;

create trigger pilot_access_changed after update or delete on pilot
  for each row execute function pilot_access_changed();

-- A stream carries the notices of the active club it was opened in.
create function profile_club_changed() returns trigger language plpgsql as $$
begin
  if old.active_club_id is distinct from new.active_club_id then
    perform live_access_notice(jsonb_build_object('user', old.user_id, 'club', old.active_club_id));
  end if;
  return null;
end $$;

create trigger profile_club_changed after update of active_club_id on profile
  for each row execute function profile_club_changed();
