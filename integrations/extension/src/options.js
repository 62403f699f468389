import { readSettings, saveSettings } from './settings.js';

const form = document.getElementById('form');
const saved = document.getElementById('saved');
document.getElementById('origin').textContent = location.origin;

readSettings().then(({ api, token, openIn }) => {
  form.api.value = api;
  form.token.value = token;
  document.getElementById('window').checked = openIn === 'window';
});

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  try {
    await saveSettings({
      api: form.api.value.trim(),
      token: form.token.value.trim(),
      openIn: document.getElementById('window').checked ? 'window' : 'popup',
    });
    saved.textContent = '已保存 ✓ / Saved';
  } catch (error) {
    saved.textContent = `无效地址 / Not a valid URL: ${error.message}`;
  }
});
