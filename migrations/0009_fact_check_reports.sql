-- Fact-check reports (issue 14), one row per report, kept per revision: a report whose revision differs from the
-- document's current revision is stale (computed on read). Claim statuses (open/accepted/rejected) live in the body.
-- Hand-written.
CREATE TABLE `fact_check_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`revision` integer NOT NULL,
	`created_at` integer NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fact_check_reports_doc_created` ON `fact_check_reports` (`document_id`,`created_at`,`id`);
