-- Groups (communities), their members, organisation labels, timeline posts and comments, group invites.
-- Ids never come back after a delete (AUTOINCREMENT), like a SQL Server identity: clients may cache them.

CREATE TABLE communities (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organisation_id INTEGER NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  type_id INTEGER NOT NULL,                       -- 1 Group, 2 Video bank, 3 Community, 4 Cohort
  privacy_level_id INTEGER NOT NULL DEFAULT 1,
  visibility_id INTEGER NOT NULL DEFAULT 3,
  invite_type_id INTEGER NOT NULL DEFAULT 2,
  posting_permission_type_id INTEGER NOT NULL DEFAULT 1,
  comment_posts INTEGER NOT NULL DEFAULT 1,
  feature_activity INTEGER NOT NULL DEFAULT 1,
  feature_timeline INTEGER NOT NULL DEFAULT 1,
  feature_video INTEGER NOT NULL DEFAULT 1,
  feature_file INTEGER NOT NULL DEFAULT 1,
  profile_background_color TEXT,                  -- #RRGGBB
  default_landing_page TEXT,                      -- JSON text: the value as the client sent it (string or number)
  cover_image_path TEXT,                          -- relative to the data folder; written by the uploads area
  profile_image_path TEXT,                        -- relative to the data folder; written by the uploads area
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT
);
CREATE INDEX communities_org ON communities(organisation_id, name);

-- is_accepted = 0: invited (or asked to join) and not yet accepted; such rows are not members yet.
CREATE TABLE community_members (
  community_id INTEGER NOT NULL REFERENCES communities(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  is_admin INTEGER NOT NULL DEFAULT 0,
  is_accepted INTEGER NOT NULL DEFAULT 1,
  joined_at TEXT NOT NULL,
  PRIMARY KEY (community_id, user_id)
);
CREATE INDEX community_members_user ON community_members(user_id, community_id);

-- Labels belong to an organisation; names are unique per organisation ignoring case.
CREATE TABLE labels (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organisation_id INTEGER NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  created_at TEXT NOT NULL,
  UNIQUE (organisation_id, name)
);

CREATE TABLE community_labels (
  community_id INTEGER NOT NULL REFERENCES communities(id) ON DELETE CASCADE,
  label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  PRIMARY KEY (community_id, label_id)
);
CREATE INDEX community_labels_label ON community_labels(label_id);

CREATE TABLE community_posts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  community_id INTEGER NOT NULL REFERENCES communities(id) ON DELETE CASCADE,
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX community_posts_community ON community_posts(community_id, created_at);

CREATE TABLE post_comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  post_id INTEGER NOT NULL REFERENCES community_posts(id) ON DELETE CASCADE,
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  parent_comment_id INTEGER REFERENCES post_comments(id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX post_comments_post ON post_comments(post_id, created_at);

-- Group invites sent by email (deprecated endpoint); the hash is the secret in the accept link.
CREATE TABLE community_invites (
  hash TEXT PRIMARY KEY,                          -- lowercase hex (routes match paths case-insensitively)
  community_id INTEGER NOT NULL REFERENCES communities(id) ON DELETE CASCADE,
  email TEXT NOT NULL COLLATE NOCASE,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,  -- set when the address belongs to an account
  invited_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  accepted_at TEXT,
  accepted_by INTEGER REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX community_invites_email ON community_invites(email);
