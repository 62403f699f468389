// Debian's Chromium and CJK fonts for the browser tests: installed by the test command itself when missing
// (`npx playwright install` cannot download browsers on these machines).
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.KG_CHROMIUM_PATH || '/usr/bin/chromium';
const PACKAGES = ['chromium', 'chromium-driver', 'fonts-dejavu-core', 'fonts-noto-cjk'];

function hasCjkFont() {
  try {
    return execSync('fc-list :lang=zh family', { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');
  }
}

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH) && hasCjkFont()) return;
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}; install it or set KG_CHROMIUM_PATH.`);
  }
  const root = process.getuid?.() === 0;
  const prefix = root ? [] : ['sudo', '-n'];
  const run = (args) => {
    console.log(`$ ${[...prefix, ...args].join(' ')}`);
    const r = spawnSync(prefix[0] ?? args[0], prefix.length ? [...prefix.slice(1), ...args] : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed with ${r.status}`);
  };
  console.log('Installing Debian chromium and fonts-noto-cjk for the browser tests…');
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', ...PACKAGES]);
}
