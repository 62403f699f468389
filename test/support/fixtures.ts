// Paths of the fixtures kept in the repository (test/fixtures/), for tests and benchmarks run in Node.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const MINE_DIR = fileURLToPath(new URL('../fixtures/mine/', import.meta.url));

export interface MineEssay {
  topic: string;
  content: string;
}

export function mineEssays(): MineEssay[] {
  return JSON.parse(readFileSync(`${MINE_DIR}essays.json`, 'utf8')) as MineEssay[];
}

export function mineAnswers(): Array<Array<{ answer: string }>> {
  return JSON.parse(readFileSync(`${MINE_DIR}answers.json`, 'utf8')) as Array<Array<{ answer: string }>>;
}
