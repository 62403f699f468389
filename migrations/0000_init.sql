CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`owner` text,
	`revision` integer DEFAULT 0 NOT NULL,
	`source_id` text,
	`chars` integer NOT NULL,
	`unit_count` integer DEFAULT 0 NOT NULL,
	`node_count` integer DEFAULT 0 NOT NULL,
	`edge_count` integer DEFAULT 0 NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`sections` text DEFAULT '[]' NOT NULL,
	`audit` text,
	`model` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `documents_owner_updated` ON `documents` (`owner`,`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `edges` (
	`document_id` text NOT NULL,
	`id` text NOT NULL,
	`ord` integer NOT NULL,
	`from_id` text NOT NULL,
	`to_id` text NOT NULL,
	`from_ord` integer NOT NULL,
	`to_ord` integer NOT NULL,
	`relation` text NOT NULL,
	PRIMARY KEY(`document_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `edges_doc_ord` ON `edges` (`document_id`,`ord`);--> statement-breakpoint
CREATE INDEX `edges_doc_from` ON `edges` (`document_id`,`from_ord`);--> statement-breakpoint
CREATE INDEX `edges_doc_to` ON `edges` (`document_id`,`to_ord`);--> statement-breakpoint
CREATE TABLE `evidence` (
	`document_id` text NOT NULL,
	`owner_kind` text NOT NULL,
	`owner_id` text NOT NULL,
	`seq` integer NOT NULL,
	`source_id` text NOT NULL,
	`chunk_id` text NOT NULL,
	`paragraph` integer NOT NULL,
	`quote` text NOT NULL,
	PRIMARY KEY(`document_id`, `owner_kind`, `owner_id`, `seq`)
);
--> statement-breakpoint
CREATE INDEX `evidence_doc_paragraph` ON `evidence` (`document_id`,`paragraph`);--> statement-breakpoint
CREATE TABLE `nodes` (
	`document_id` text NOT NULL,
	`id` text NOT NULL,
	`ord` integer NOT NULL,
	`type` text NOT NULL,
	`text` text NOT NULL,
	`paragraph` integer,
	`quote` text NOT NULL,
	`grounding` text NOT NULL,
	`entailment` text NOT NULL,
	`confidence` real,
	`section_id` text,
	PRIMARY KEY(`document_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `nodes_doc_ord` ON `nodes` (`document_id`,`ord`);--> statement-breakpoint
CREATE INDEX `nodes_doc_type` ON `nodes` (`document_id`,`type`,`ord`);--> statement-breakpoint
CREATE INDEX `nodes_doc_section` ON `nodes` (`document_id`,`section_id`,`ord`);--> statement-breakpoint
CREATE INDEX `nodes_doc_paragraph` ON `nodes` (`document_id`,`paragraph`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tasks_document` ON `tasks` (`document_id`);--> statement-breakpoint
CREATE TABLE `units` (
	`document_id` text NOT NULL,
	`n` integer NOT NULL,
	`start` integer NOT NULL,
	`end` integer NOT NULL,
	`kind` text NOT NULL,
	`section_id` text NOT NULL,
	`text` text NOT NULL,
	PRIMARY KEY(`document_id`, `n`)
);
