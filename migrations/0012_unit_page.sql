-- Files in (issue 31): a unit of an uploaded PDF keeps the page it came from, shown beside it ("p. 3" / "第 3 页").
-- Null for every other source, so existing rows and text documents are unchanged. Hand-written.
ALTER TABLE `units` ADD `page` integer;
