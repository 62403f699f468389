-- Verification reports (quick check, model review, questions), one row per report, kept per revision: a report whose
-- revision is below the document's current revision is stale (computed on read). Hand-written (issue 11).
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`kind` text NOT NULL,
	`revision` integer NOT NULL,
	`created_at` integer NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `reports_doc_kind_created` ON `reports` (`document_id`,`kind`,`created_at`,`id`);
