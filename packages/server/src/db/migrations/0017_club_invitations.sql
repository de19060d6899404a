-- User Administration's New button (issue 15 item 8): an admin invites a
-- person by email. An unknown email gets an invitation mail with a sign-up
-- link; the invitee joins the club, active, when they confirm it signed in
-- with that email. One pending invitation per email in a club (inviting again
-- mails the same link); single-use (accepted_at); it expires.
-- The link's secret is an HMAC of the invitation's id under the server's
-- secret, so it is never stored and the same invitation always mails the
-- same link.

create table club_invitation (
  club_id uuid not null references club (id) on delete cascade,
  id uuid not null default gen_random_uuid(),
  -- Lower-cased and trimmed by the service.
  email text not null check (email = lower(btrim(email)) and length(email) between 3 and 254),
  invited_by text not null references "user" (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by text references "user" (id),
  primary key (id),
  check (expires_at > created_at),
  check ((accepted_at is null) = (accepted_by is null))
);

-- One pending (not accepted) invitation per email and club; an expired one is replaced by the service.
create unique index club_invitation_pending on club_invitation (club_id, email) where accepted_at is null;

-- Admins' reads of the club's members change when an invitation is made or used.
create constraint trigger club_invitation_club_version after insert or update or delete on club_invitation
  deferrable initially deferred for each row execute function club_row_changed();
