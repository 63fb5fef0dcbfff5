-- Reports count one organisation's activity per group or per person over a window. With only the
-- time index, 90 days of a 1,500-group organisation read every row of every organisation in the window
-- and sorted them for GROUP BY (~100 ms); these cover those queries (and the totals' counts) outright.
CREATE INDEX activity_org_group ON activity(organisation_id, community_id, created_at, user_id, kind);
CREATE INDEX activity_org_user ON activity(organisation_id, user_id, created_at, community_id, kind);
