// The extension's settings in chrome.storage.local: the Worker's base URL and an optional API key.
export const DEFAULT_API = 'http://127.0.0.1:8787';

export async function readSettings() {
  const { kgApi, kgToken, kgOpenIn } = await chrome.storage.local.get(['kgApi', 'kgToken', 'kgOpenIn']);
  return {
    api: (kgApi || DEFAULT_API).replace(/\/+$/, ''),
    token: kgToken || '',
    openIn: kgOpenIn === 'window' ? 'window' : 'popup',
  };
}

export async function saveSettings({ api, token, openIn }) {
  const url = new URL(api); // throws on anything that is not a URL
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('http(s) only');
  await chrome.storage.local.set({
    kgApi: url.origin + url.pathname.replace(/\/+$/, ''),
    kgToken: token || '',
    kgOpenIn: openIn === 'window' ? 'window' : 'popup',
  });
}
