-- What a document's source is: 'text' (pasted or uploaded text), 'trace' (an agent's execution trace, issue 13).
ALTER TABLE `documents` ADD `source_kind` text DEFAULT 'text' NOT NULL;
