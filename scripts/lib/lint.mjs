// The two static checks beside the type check, as `npm run lint` and `npm test` run them (docs/testing.md,
// "Formatter and linter"): Biome (formatting and lint) and knip (exports nothing imports). Each returns an exit
// status: 0 when clean.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const bin = (root, name) => path.join(root, 'node_modules', '.bin', name);
const run = (root, cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

/**
 * `biome ci`: an unformatted file or any lint finding fails. Biome itself fails only on errors (and, asked, on
 * warnings); a rule whose default severity is info still counts here, read from a second report in GitHub's
 * one-line form.
 */
export function biomeCheck(root, paths = ['.']) {
  const dir = mkdtempSync(path.join(tmpdir(), 'kg-biome-'));
  const lines = path.join(dir, 'findings.txt');
  try {
    const status = run(root, bin(root, 'biome'), [
      'ci',
      '--error-on-warnings',
      '--reporter=default',
      '--reporter=github',
      `--reporter-file=${lines}`,
      ...paths,
    ]);
    const report = existsSync(lines) ? readFileSync(lines, 'utf8') : '';
    const infos = report.split('\n').filter((l) => l.startsWith('::notice')).length;
    if (status === 0 && infos > 0) console.error(`biome: ${infos} info finding(s) above; they fail the check too.`);
    return status !== 0 || infos > 0 ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** knip (knip.jsonc): an export, file or dependency nothing uses fails, and so does a stale line of its config. */
export function knipCheck(root) {
  return run(root, bin(root, 'knip'), ['--no-progress']);
}
