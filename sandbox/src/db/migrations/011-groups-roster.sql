-- Member lists and counts of many groups at once (an organisation's groups, a page of search results)
-- read only these columns: an index that holds them all answers without visiting the table.
CREATE INDEX community_members_roster ON community_members(community_id, is_accepted, is_admin, user_id);
