-- Answers to the organisation's prerecord and postrecord metadata fields, kept on a tagged video. The
-- interface does not say where these go; the sandbox takes them as `Metadata: [{MetadataId, Value}]` on the
-- tagged video's body (see sandbox/README.md) and answers them the same way.
CREATE TABLE tagged_video_metadata (
  tagged_video_id INTEGER NOT NULL REFERENCES tagged_videos(id) ON DELETE CASCADE,
  metadata_id INTEGER NOT NULL REFERENCES metadata(id) ON DELETE CASCADE,
  value TEXT NOT NULL,
  PRIMARY KEY (tagged_video_id, metadata_id)
);
