-- Account state the core area needs beyond 001: failed sign-ins (an account locks after several in a
-- row) and soft deletion (other areas keep foreign keys to users, so a deleted account stays as a row).
ALTER TABLE users ADD COLUMN failed_logins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN deleted_at TEXT;
