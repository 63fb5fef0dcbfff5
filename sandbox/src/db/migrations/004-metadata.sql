-- Organisation metadata fields asked before (type 1, prerecord) or after (type 2, postrecord) a recording.
CREATE TABLE metadata (
  id INTEGER PRIMARY KEY,
  organisation_id INTEGER NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  type_id INTEGER NOT NULL CHECK (type_id IN (1, 2)),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  is_hidden INTEGER NOT NULL DEFAULT 0,
  is_required INTEGER NOT NULL DEFAULT 0,
  ordinal INTEGER NOT NULL DEFAULT 0,
  options TEXT NOT NULL DEFAULT '[]',            -- JSON array of strings; empty means free text
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT
);
CREATE INDEX metadata_org ON metadata(organisation_id, type_id, ordinal);
