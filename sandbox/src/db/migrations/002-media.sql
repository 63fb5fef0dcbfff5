-- Media shared by several areas: uploaded files (groups, portfolios, generic) and videos.

-- Every upload that lands on disk. target_kind: community | portfolio | generic.
CREATE TABLE files (
  id INTEGER PRIMARY KEY,
  uploader_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  target_kind TEXT NOT NULL,
  target_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  size INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  path TEXT NOT NULL,            -- relative to the data folder
  created_at TEXT NOT NULL
);
CREATE INDEX files_target ON files(target_kind, target_id);

-- Videos a user owns; tagged videos and portfolios refer to them.
CREATE TABLE videos (
  id INTEGER PRIMARY KEY,
  owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organisation_id INTEGER REFERENCES organisations(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  duration_seconds REAL NOT NULL DEFAULT 0,
  media_path TEXT,               -- relative to the data folder; playable sample in demo data
  thumbnail_path TEXT,
  recorded_at TEXT,
  created_at TEXT NOT NULL
);
