-- Club logos are images uploaded in Club Settings and served from this origin
-- (GET /api/club-logo/<club>?v=<sha256>), so every page's Content-Security-Policy
-- keeps images to 'self' and data: (docs/decisions/0008-security-headers.md).
-- A club keeps the logo in use and its latest upload not yet saved.

create table club_logo (
  club_id uuid not null references club (id) on delete cascade,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  -- Read from the image's first bytes, never from the uploader's word; no SVG (it can carry script).
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea not null check (octet_length(bytes) between 1 and 262144),
  uploaded_at timestamptz not null default now(),
  primary key (club_id, sha256)
);

-- A logo given as an address of another site can no longer load under img-src 'self':
-- it is cleared, and the admin uploads the image.
update club set logo = '' where logo <> '';

-- The logo is none, or an upload of this very club.
alter table club add constraint club_logo_is_upload
  check (logo = '' or logo ~ ('^/api/club-logo/' || id::text || '\?v=[0-9a-f]{64}$'));
