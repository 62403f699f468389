// The popup (and the same page in a window): <kg-workbench>, bundled into the extension, pointed at the configured
// Worker. A selection handed over by the service worker (chrome.storage.session kgPending) is extracted at once
// through the workbench's own task flow; without one, the workbench's input panel takes pasted text.
import '../../../components/kg-workbench';
import { readSettings } from './settings.js';

const params = new URLSearchParams(location.search);
if (params.get('mode') === 'window') document.body.classList.add('window');

const status = document.getElementById('status');
document.getElementById('settings').addEventListener('click', () => chrome.runtime.openOptionsPage());
document.getElementById('expand').addEventListener('click', async () => {
  await chrome.windows.create({
    url: chrome.runtime.getURL('popup.html?mode=window'),
    type: 'popup',
    width: 1200,
    height: 850,
  });
  window.close();
});

async function main() {
  const { api, token } = await readSettings();
  const { kgPending } = await chrome.storage.session.get('kgPending');
  if (kgPending) await chrome.storage.session.remove('kgPending');

  const wb = document.createElement('kg-workbench');
  wb.setAttribute('api', api);
  wb.setAttribute('lang', navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en');
  if (token) wb.apiToken = token;
  if (kgPending) {
    // A fresh selection: show it, not the last document of an earlier visit.
    wb.ui?.set?.({ lastDocumentId: '' });
    status.textContent = kgPending.title
      ? `${kgPending.title} — ${kgPending.text.length} 字 / characters`
      : `${kgPending.text.length} 字 / characters`;
  }
  document.getElementById('main').append(wb);
  if (kgPending && wb.client) {
    await wb.extraction.submit(wb.client, {
      title: kgPending.title || kgPending.text.slice(0, 40),
      text: kgPending.text,
      model: null,
    });
  }
}

main().catch((error) => {
  status.textContent = String(error?.message ?? error);
});
