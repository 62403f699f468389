// The service worker: every way of asking for a graph (the context menu, the page's floating button, the keyboard
// command) ends in makeGraph, which keeps the selection in chrome.storage.session and opens the popup (or, where
// the browser will not open it without a click on the toolbar, the same page in a window of its own).
const MENU_ID = 'kg-make-graph';
const MAX_CHARS = 20000;

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({ id: MENU_ID, title: '拆成知识图 / Make a graph', contexts: ['selection'] });
});

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId === MENU_ID) void makeGraph({ text: info.selectionText, title: tab?.title, url: tab?.url });
});

chrome.runtime.onMessage.addListener((message, sender, reply) => {
  if (message?.type !== 'kg-make-graph') return false;
  makeGraph({ text: message.text, title: sender.tab?.title, url: sender.tab?.url }).then(reply, (error) =>
    reply({ ok: false, error: String(error) }),
  );
  return true; // answers asynchronously
});

chrome.commands.onCommand.addListener(async (command, tab) => {
  if (command !== 'make-graph' || !tab?.id) return;
  const answer = await chrome.tabs.sendMessage(tab.id, { type: 'kg-selection' }).catch(() => null);
  if (answer?.text) await makeGraph({ text: answer.text, title: tab.title, url: tab.url });
});

async function makeGraph({ text, title, url }) {
  const clean = String(text ?? '').trim();
  if (!clean) return { ok: false, error: 'empty' };
  if (clean.length > MAX_CHARS) return { ok: false, error: 'too_long' };
  await chrome.storage.session.set({
    kgPending: { text: clean, title: String(title ?? '').slice(0, 200), url: url ?? '', at: Date.now() },
  });
  // The options page may ask for a window (more room than the popup's 800 × 600); the popup can also be refused.
  const { kgOpenIn } = await chrome.storage.local.get('kgOpenIn');
  try {
    if (kgOpenIn === 'window') throw new Error('window asked for');
    await chrome.action.openPopup();
    return { ok: true, opened: 'popup' };
  } catch {
    await chrome.windows.create({
      url: chrome.runtime.getURL('popup.html?mode=window'),
      type: 'popup',
      width: 1200,
      height: 850,
    });
    return { ok: true, opened: 'window' };
  }
}
