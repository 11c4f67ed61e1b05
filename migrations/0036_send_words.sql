-- The Sent tab in each school admin's language (issue 30, ADR 0080): a send the app words keeps its
-- title, and the audience label it composed, in the other languages (JSON, null for a school's own
-- words). A plain ADD COLUMN: no table rebuild, so the read-count triggers stay.
ALTER TABLE `notification_sends` ADD `words` text;
