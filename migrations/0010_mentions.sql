-- The concept layer (issue 25): a mention links a statement node to a concept anchor node it names. Not one of the
-- 12 relations: its own table, never in `edges`, never counted in edge_count. Replaced with the graph at every
-- commit (storage/graph-commit.ts). `seq` is the mention's canonical order; paragraph, quote, source_id and chunk_id
-- are its one evidence item (the term in the statement's unit). Hand-written.
CREATE TABLE `mentions` (
	`document_id` text NOT NULL,
	`id` text NOT NULL,
	`seq` integer NOT NULL,
	`node_id` text NOT NULL,
	`concept_id` text NOT NULL,
	`term` text NOT NULL,
	`paragraph` integer NOT NULL,
	`quote` text NOT NULL,
	`source_id` text NOT NULL,
	`chunk_id` text NOT NULL,
	PRIMARY KEY(`document_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `mentions_doc_node` ON `mentions` (`document_id`,`node_id`);
--> statement-breakpoint
CREATE INDEX `mentions_doc_concept` ON `mentions` (`document_id`,`concept_id`);
--> statement-breakpoint
CREATE INDEX `mentions_doc_seq` ON `mentions` (`document_id`,`seq`);
--> statement-breakpoint
ALTER TABLE `documents` ADD `mention_count` integer DEFAULT 0 NOT NULL;
