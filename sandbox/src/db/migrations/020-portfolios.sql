-- Portfolios, their shares, videos, comments; tagged videos and their tag instances.
-- Tag sets and tags live in 030-tagsets.sql, which runs after this file: tag and tag-set ids are
-- stored here without foreign keys and validated in code.

CREATE TABLE portfolios (
  id INTEGER PRIMARY KEY,
  creator_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organisation_id INTEGER REFERENCES organisations(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX portfolios_creator ON portfolios(creator_id);

-- Who a portfolio is shared with (read access and comments).
CREATE TABLE portfolio_shares (
  portfolio_id INTEGER NOT NULL REFERENCES portfolios(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  shared_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (portfolio_id, user_id)
);
CREATE INDEX portfolio_shares_user ON portfolio_shares(user_id);

-- Videos held in a portfolio; tag_ids is the JSON array of tag ids sent when the video was assigned.
CREATE TABLE portfolio_videos (
  portfolio_id INTEGER NOT NULL REFERENCES portfolios(id) ON DELETE CASCADE,
  video_id INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  added_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  tag_ids TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  PRIMARY KEY (portfolio_id, video_id)
);
CREATE INDEX portfolio_videos_video ON portfolio_videos(video_id);

-- Threaded comments: replies point at their parent and go with it.
CREATE TABLE portfolio_comments (
  id INTEGER PRIMARY KEY,
  portfolio_id INTEGER NOT NULL REFERENCES portfolios(id) ON DELETE CASCADE,
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  parent_comment_id INTEGER REFERENCES portfolio_comments(id) ON DELETE CASCADE,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX portfolio_comments_thread ON portfolio_comments(portfolio_id, parent_comment_id, id);

-- A user's tagging of a video with one tag set. status: 1 Autosaved, 2 Complete.
CREATE TABLE tagged_videos (
  id INTEGER PRIMARY KEY,
  video_id INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tagset_id INTEGER,
  title TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
  recorded_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX tagged_videos_video ON tagged_videos(video_id);
CREATE INDEX tagged_videos_owner ON tagged_videos(owner_id, status);

-- Tag instances on the video timeline.
CREATE TABLE tagged_video_tags (
  id INTEGER PRIMARY KEY,
  tagged_video_id INTEGER NOT NULL REFERENCES tagged_videos(id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL,
  start_seconds REAL NOT NULL,
  end_seconds REAL,
  note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX tagged_video_tags_owner ON tagged_video_tags(tagged_video_id);
