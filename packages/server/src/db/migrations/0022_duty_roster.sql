-- Who is on duty (issue 29, docs/duty-roster.md): the duty roles of each
-- club, who may take them, the days members can't do and how many duties a
-- month they'd take, the roster (a draft working copy and what was last
-- published), swaps, planned flying and the calls for help on busy days.
-- Every table has a club_id, bumps the club's change counter and, for the
-- roster and the plans, sends a live notice of kind 'roster'.

-- The right to generate, edit and publish the roster, like can_edit_logs.
alter table pilot add column can_edit_roster boolean not null default false;

-- The club's roster settings; the row is also what roster writes lock, one after the other.
create table roster_setting (
  club_id uuid primary key references club (id),
  -- Weekdays that are flying days, a bit each: 1 << 0 Sunday … 1 << 6 Saturday (65: Saturday and Sunday).
  flying_weekdays integer not null default 65 check (flying_weekdays between 0 and 127),
  -- An offered duty nobody has taken is flagged to the admins this many days before it.
  swap_warning_days integer not null default 3 check (swap_warning_days between 0 and 60),
  -- This many plans for a day ask off-duty tow pilots or instructors for help when only one is on duty.
  surge_threshold integer not null default 8 check (surge_threshold between 1 and 500)
);

-- Duty roles: the three every club has (kind) and those an admin adds ('custom').
create table duty_role (
  club_id uuid not null references club (id),
  id uuid not null default gen_random_uuid(),
  kind text not null check (kind in ('instructor', 'towPilot', 'dutyPilot', 'custom')),
  name text not null check (name = btrim(name) and length(name) between 1 and 40),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (id),
  unique (club_id, id)
);
create unique index duty_role_name_key on duty_role (club_id, lower(name));
create unique index duty_role_kind_key on duty_role (club_id, kind) where kind <> 'custom';

create function duty_roles_of_new_club() returns trigger language plpgsql as $$
begin
  insert into duty_role (club_id, kind, name) values
    (new.id, 'instructor', 'Instructor'),
    (new.id, 'towPilot', 'Tow pilot'),
    (new.id, 'dutyPilot', 'Duty pilot');
  return null;
end $$;
create trigger club_duty_roles after insert on club for each row execute function duty_roles_of_new_club();
insert into duty_role (club_id, kind, name)
  select club.id, role.kind, role.name from club,
    (values ('instructor', 'Instructor'), ('towPilot', 'Tow pilot'), ('dutyPilot', 'Duty pilot')) as role (kind, name);

-- An admin's choice per member and role: for duty pilot and added roles, true lets them take it; for
-- instructor and tow pilot (which follow the pilot's flag) only false counts: it leaves a flagged pilot out.
create table duty_eligibility (
  club_id uuid not null,
  role_id uuid not null,
  user_id text not null,
  eligible boolean not null,
  set_by text not null references "user" (id),
  set_at timestamptz not null default now(),
  primary key (role_id, user_id),
  foreign key (club_id, role_id) references duty_role (club_id, id),
  foreign key (club_id, user_id) references pilot (club_id, user_id)
);

-- Days a member can't do.
create table duty_blackout (
  club_id uuid not null,
  user_id text not null,
  day date not null,
  primary key (club_id, user_id, day),
  foreign key (club_id, user_id) references pilot (club_id, user_id)
);

-- How many duties a month a member would take (no row, or null: no limit).
create table duty_preference (
  club_id uuid not null,
  user_id text not null,
  max_per_month smallint check (max_per_month between 0 and 31),
  primary key (club_id, user_id),
  foreign key (club_id, user_id) references pilot (club_id, user_id)
);

-- One duty: a role on a day. user_id is the working copy editors change; published_user_id what members see
-- (published_at set). A day has one regular duty per role and any number of extra ones (a volunteer on a busy day).
create table duty (
  club_id uuid not null,
  id uuid not null default gen_random_uuid(),
  day date not null,
  role_id uuid not null,
  extra boolean not null default false,
  user_id text,
  published_user_id text,
  published_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (id),
  unique (club_id, id),
  foreign key (club_id, role_id) references duty_role (club_id, id),
  foreign key (club_id, user_id) references pilot (club_id, user_id),
  foreign key (club_id, published_user_id) references pilot (club_id, user_id),
  check (published_at is not null or published_user_id is null)
);
create unique index duty_slot_key on duty (club_id, day, role_id) where not extra;
-- Nobody is on two duties of one day, in the working copy or in what is published.
create unique index duty_person_day_key on duty (club_id, day, user_id) where user_id is not null;
create unique index duty_published_person_day_key on duty (club_id, day, published_user_id) where published_user_id is not null;

-- A member's offer of one of their published duties to anyone who may take it. Its id is the phone's idempotency key.
create table duty_swap (
  club_id uuid not null,
  id uuid not null,
  duty_id uuid not null,
  offered_by text not null,
  offered_at timestamptz not null default now(),
  note text not null default '' check (length(note) <= 200),
  accepted_by text,
  accepted_at timestamptz,
  withdrawn_at timestamptz,
  -- Told to the admins (once: a conditional update decides, whichever process runs it).
  flagged_at timestamptz,
  primary key (id),
  foreign key (club_id, duty_id) references duty (club_id, id),
  foreign key (club_id, offered_by) references pilot (club_id, user_id),
  foreign key (club_id, accepted_by) references pilot (club_id, user_id),
  check ((accepted_at is null) = (accepted_by is null)),
  check (accepted_at is null or withdrawn_at is null)
);
create unique index duty_swap_open_key on duty_swap (duty_id) where accepted_at is null and withdrawn_at is null;

-- "I plan to fly that day": one plan per member and day (withdrawn_at set when taken back).
create table flying_plan (
  club_id uuid not null,
  user_id text not null,
  day date not null,
  instruction boolean not null default false,
  glider_id text check (length(glider_id) between 1 and 20),
  tow boolean not null default false,
  updated_at timestamptz not null default now(),
  withdrawn_at timestamptz,
  primary key (club_id, user_id, day),
  foreign key (club_id, user_id) references pilot (club_id, user_id),
  foreign key (club_id, glider_id) references glider (club_id, id)
);
create index flying_plan_day_idx on flying_plan (club_id, day);

-- A busy day's call for help, per role: inserted once (on conflict nothing), so only one request mails it.
create table duty_help_call (
  club_id uuid not null,
  day date not null,
  role_id uuid not null,
  asked_at timestamptz not null default now(),
  asked_count integer not null default 0 check (asked_count >= 0),
  primary key (club_id, day, role_id),
  foreign key (club_id, role_id) references duty_role (club_id, id)
);

create constraint trigger roster_setting_club_version after insert or update or delete on roster_setting
  deferrable initially deferred for each row execute function club_row_changed();
create constraint trigger duty_role_club_version after insert or update or delete on duty_role
  deferrable initially deferred for each row execute function club_row_changed();
create constraint trigger duty_eligibility_club_version after insert or update or delete on duty_eligibility
  deferrable initially deferred for each row execute function club_row_changed();
create constraint trigger duty_blackout_club_version after insert or update or delete on duty_blackout
  deferrable initially deferred for each row execute function club_row_changed();
create constraint trigger duty_preference_club_version after insert or update or delete on duty_preference
  deferrable initially deferred for each row execute function club_row_changed();
create constraint trigger duty_club_version after insert or update or delete on duty
  deferrable initially deferred for each row execute function club_row_changed();
create constraint trigger duty_swap_club_version after insert or update or delete on duty_swap
  deferrable initially deferred for each row execute function club_row_changed();
create constraint trigger flying_plan_club_version after insert or update or delete on flying_plan
  deferrable initially deferred for each row execute function club_row_changed();
create constraint trigger duty_help_call_club_version after insert or update or delete on duty_help_call
  deferrable initially deferred for each row execute function club_row_changed();

-- Live notices (docs/live.md): one per transaction and change (live_event_once_key), so a roster
-- generated over 92 days sends one.
create function roster_live_notice() returns trigger language plpgsql as $$
declare
  row_club uuid := coalesce(new.club_id, old.club_id);
begin
  if tg_table_name = 'flying_plan' then
    perform live_notice(row_club, null, jsonb_build_object('kind', 'roster', 'change', 'plans', 'day', coalesce(new.day, old.day)));
  elsif tg_table_name = 'duty_swap' then
    perform live_notice(row_club, null, jsonb_build_object('kind', 'roster', 'change', 'swaps'));
  else
    perform live_notice(row_club, null, jsonb_build_object('kind', 'roster', 'change', 'duties'));
  end if;
  return null;
end $$;
create trigger duty_live after insert or update or delete on duty
  for each row execute function roster_live_notice();
create trigger duty_swap_live after insert or update or delete on duty_swap
  for each row execute function roster_live_notice();
create trigger flying_plan_live after insert or update or delete on flying_plan
  for each row execute function roster_live_notice();
