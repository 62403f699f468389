-- The audit trail of graph edits (issue 11): one row per applied operation of a commit or an undo, with the
-- before/after of the nodes and edges it changed. An undo is a new revision whose rows name the revision they
-- undo (undo_of); history is never rewritten. Hand-written (issue 11).
CREATE TABLE `audit_log` (
	`document_id` text NOT NULL,
	`revision` integer NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`action` text NOT NULL,
	`target_id` text NOT NULL,
	`operation` text NOT NULL,
	`report_id` text,
	`undo_of` integer,
	`before` text NOT NULL,
	`after` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`document_id`, `revision`, `seq`)
);
--> statement-breakpoint
CREATE INDEX `audit_log_doc_undo_of` ON `audit_log` (`document_id`,`undo_of`);
