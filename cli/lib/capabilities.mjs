// Open mode (a Worker without KG_API_TOKEN) hands out one write capability per document at creation, once. The CLI
// keeps them, per API base, in a private file so that later commands (list, candidates --set, import) can use them:
// $KG_CONFIG_DIR/capabilities.json, else $XDG_CONFIG_HOME/kg/, else ~/.config/kg/ (mode 0600).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export function configDir(env = process.env) {
  if (env.KG_CONFIG_DIR) return env.KG_CONFIG_DIR;
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'kg');
}

export class CapabilityStore {
  constructor(base, env = process.env) {
    this.base = base;
    this.file = path.join(configDir(env), 'capabilities.json');
  }
  #read() {
    if (!existsSync(this.file)) return {};
    try {
      return JSON.parse(readFileSync(this.file, 'utf8'));
    } catch {
      return {};
    }
  }
  /** @returns {Record<string, string>} document id → write capability, for this API base */
  all() {
    return this.#read()[this.base] ?? {};
  }
  get(documentId) {
    return this.all()[documentId];
  }
  set(documentId, token) {
    const data = this.#read();
    data[this.base] = { ...data[this.base], [documentId]: token };
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileSync(this.file, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    chmodSync(this.file, 0o600);
  }
}
