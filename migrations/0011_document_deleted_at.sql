-- Soft delete (issue 26): DELETE /api/documents/:id sets `deleted_at` and keeps every row, blob and the object's
-- storage; POST …/restore clears it. A deleted document is not found by any route but the restore and the
-- deleted listing (GET /api/documents?deleted=1), and is purged 30 days later (the document's Durable Object alarm,
-- or lazily when a listing or a restore finds it past that). Hand-written.
ALTER TABLE `documents` ADD `deleted_at` integer;
--> statement-breakpoint
CREATE INDEX `documents_owner_deleted` ON `documents` (`owner`,`deleted_at`,`id`);
