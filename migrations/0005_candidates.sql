-- Entity and claim candidates derived from the committed graph (docs/contracts/candidates.md), with review statuses that
-- survive new revisions while their stable id exists; candidate_sync records the revision they were derived from.
-- Hand-written (issue 11).
CREATE TABLE `candidates` (
	`document_id` text NOT NULL,
	`id` text NOT NULL,
	`kind` text NOT NULL,
	`node_id` text NOT NULL,
	`node_ord` integer NOT NULL,
	`type` text NOT NULL,
	`text` text NOT NULL,
	`confidence` real,
	`evidence` text NOT NULL,
	`paragraph` integer,
	`section_id` text,
	`status` text DEFAULT 'candidate' NOT NULL,
	`revision` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`document_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `candidates_doc_order` ON `candidates` (`document_id`,`node_ord`,`id`);
--> statement-breakpoint
CREATE INDEX `candidates_doc_kind_status` ON `candidates` (`document_id`,`kind`,`status`,`node_ord`,`id`);
--> statement-breakpoint
CREATE TABLE `candidate_sync` (
	`document_id` text PRIMARY KEY NOT NULL,
	`revision` integer NOT NULL
);
