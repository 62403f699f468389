// Writing a build's files into a folder that may be in use (public/ is served by every running `wrangler dev` of the
// checkout, which watches it): file by file through atomic renames, never removing the folder itself.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHUNK_DIR } from './bundle-options.mjs';

/**
 * Writes each file through a rename (atomic on one file system); with prune, removes files no longer produced.
 * Chunks are written before the files that import them, so a reader never meets an entry whose chunk is missing; with
 * keepRecentChunks, a chunk of an earlier build is kept for an hour, so a page that loaded the earlier entry can
 * still import it.
 */
export function publish(dir, files, { prune, keepRecentChunks = false }) {
  mkdirSync(dir, { recursive: true });
  const isChunk = (rel) => rel.startsWith(`${CHUNK_DIR}/`);
  const chunksFirst = [...files].sort(([a], [b]) => Number(!isChunk(a)) - Number(!isChunk(b)));
  for (const [rel, contents] of chunksFirst) {
    const target = path.join(dir, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, contents);
    renameSync(temp, target);
  }
  if (!prune) return;
  const hourAgo = Date.now() - 3600_000;
  for (const rel of listFiles(dir)) {
    if (files.has(rel)) continue;
    const full = path.join(dir, rel);
    if (keepRecentChunks && isChunk(rel) && statSync(full).mtimeMs > hourAgo) continue;
    rmSync(full, { force: true });
  }
}

/** Every file under dir, as paths relative to it with forward slashes. */
export function listFiles(dir, prefix = '') {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(full).isDirectory() ? listFiles(full, rel) : [rel];
  });
}
