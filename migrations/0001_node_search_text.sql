ALTER TABLE `nodes` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Rows committed before this column existed: ASCII-folded until their document's next commit writes the full fold.
UPDATE `nodes` SET `search_text` = lower(`text`);
