-- Graph query (issue 12, docs/contracts/graph-query.md#storage). Hand-written.
-- nodes.query_text: id, type, text, quote and section id folded like a query (core/query/text.ts queryHaystack),
-- written at commit; the lexical prefilter is instr() over it for the query's probe tokens.
ALTER TABLE `nodes` ADD `query_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Rows committed before this column existed: ASCII-folded until their document's next commit writes the full fold.
UPDATE `nodes` SET `query_text` = lower(`id` || char(10) || `type` || char(10) || `text` || char(10) || `quote` || char(10) || coalesce(`section_id`, ''));--> statement-breakpoint
-- Grounding / entailment prefilters, in ord order for keyset paging.
CREATE INDEX `nodes_doc_status` ON `nodes` (`document_id`, `grounding`, `entailment`, `ord`);--> statement-breakpoint
CREATE INDEX `nodes_doc_entailment` ON `nodes` (`document_id`, `entailment`, `ord`);--> statement-breakpoint
-- Relation selectors: a relation's edges in (from, to) order without a sort.
CREATE INDEX `edges_doc_relation` ON `edges` (`document_id`, `relation`, `from_id`, `to_id`);
