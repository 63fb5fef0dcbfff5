-- Tag sets are owned by an organisation and authored by a user; tags are their ordered entries.
-- visibility: 'Public' (every member) | 'Private' (author only). status: 'Active' | 'Archived'.
CREATE TABLE tagsets (
  id INTEGER PRIMARY KEY,
  organisation_id INTEGER NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  is_published INTEGER NOT NULL DEFAULT 1,
  is_organisation_wide INTEGER NOT NULL DEFAULT 0,
  visibility TEXT NOT NULL DEFAULT 'Public',
  status TEXT NOT NULL DEFAULT 'Active',
  created_at TEXT NOT NULL
);
CREATE INDEX tagsets_org ON tagsets(organisation_id, name);

CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  tagset_id INTEGER NOT NULL REFERENCES tagsets(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  colour TEXT NOT NULL DEFAULT '#3B82F6',        -- #RRGGBB
  ordinal INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tags_tagset ON tags(tagset_id, ordinal);
