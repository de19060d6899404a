-- Per-account limits on sign-in and emailed codes (auth/account-limits.ts),
-- counted here so that every server process on the database sees them: failed
-- password sign-ins of an email (10 in an hour lock it for 15 minutes) and
-- requests for a code mailed to an email (5 an hour). The email need not have
-- an account, so a refusal says nothing about who is a member. Rows older than
-- an hour are deleted as new ones come in.
create table auth_attempt (
  id uuid primary key,
  -- As the sign-in matches it: lower-cased (auth/account-limits.ts).
  email text not null check (length(email) between 1 and 320),
  kind text not null check (kind in ('sign_in_failure', 'code_request')),
  at timestamptz not null
);
create index auth_attempt_email_idx on auth_attempt (email, kind, at);
create index auth_attempt_at_idx on auth_attempt (at);
