-- Core tables every area refers to. Areas add their own numbered files:
-- 010-019 groups, 020-029 portfolios, 030-039 videos/metadata/reporting, 040-049 controls.

CREATE TABLE regions (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  country_id INTEGER
);

CREATE TABLE countries (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  code TEXT NOT NULL
);

CREATE TABLE data_centres (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  location TEXT NOT NULL
);

CREATE TABLE organisations (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  email_domain TEXT,                       -- used by login-method
  login_methods TEXT NOT NULL DEFAULT 'password', -- 'password' | 'sso' | 'both'
  is_active INTEGER NOT NULL DEFAULT 1,
  has_sites INTEGER NOT NULL DEFAULT 0,
  data_centre_id INTEGER REFERENCES data_centres(id),
  country_id INTEGER REFERENCES countries(id),
  image_path TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE sites (
  id INTEGER PRIMARY KEY,
  organisation_id INTEGER NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  name TEXT NOT NULL
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE UNIQUE,
  password_hash TEXT,                      -- scrypt; NULL until an invite is accepted
  is_active INTEGER NOT NULL DEFAULT 1,
  is_locked INTEGER NOT NULL DEFAULT 0,
  accepts_terms INTEGER NOT NULL DEFAULT 0,
  accepts_privacy INTEGER NOT NULL DEFAULT 0,
  region_id INTEGER REFERENCES regions(id),
  default_organisation_id INTEGER REFERENCES organisations(id),
  site_id INTEGER REFERENCES sites(id),
  picture_path TEXT,
  job_title TEXT NOT NULL DEFAULT '',
  bio TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);

-- One row per (user, organisation, role). Every member has role 4.
CREATE TABLE user_org_roles (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organisation_id INTEGER NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL,
  PRIMARY KEY (user_id, organisation_id, role_id)
);

CREATE TABLE access_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE authorization_codes (
  code_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  code_challenge_method TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used INTEGER NOT NULL DEFAULT 0
);

-- Pending organisation invites (a link to accept and create a profile).
CREATE TABLE org_invites (
  hash TEXT PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE,
  organisation_id INTEGER NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  is_org_admin INTEGER NOT NULL DEFAULT 0,
  community_ids TEXT NOT NULL DEFAULT '[]',
  invited_by INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL
);

-- Every email the interface says is sent lands here (read at /sandbox/outbox).
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  kind TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Notifications for a user. kind: comment | share | member_added | post | invite | mention ...
CREATE TABLE notifications (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  message TEXT NOT NULL,
  actor_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  community_id INTEGER,
  portfolio_id INTEGER,
  comment_id INTEGER,
  post_id INTEGER,
  link TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX notifications_user ON notifications(user_id, id);

-- Activity log feeding the reporting and statistics endpoints.
CREATE TABLE activity (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  organisation_id INTEGER,
  community_id INTEGER,
  kind TEXT NOT NULL,  -- login | post | comment | upload | video | portfolio_comment | share
  created_at TEXT NOT NULL
);
CREATE INDEX activity_time ON activity(created_at);
