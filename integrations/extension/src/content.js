// On every page: a selection (1–20,000 characters, not inside a form field or an editor) gets a floating
// 「拆成知识图 / Make a graph」 button above it; clicking it sends the text to the service worker. The button lives in
// a shadow root so that the page's styles cannot reach it, and the page's text is only ever read, never rendered.
(() => {
  const MAX_CHARS = 20000;
  let host = null;
  let button = null;

  const inField = (node) => {
    const el = node && (node.nodeType === 1 ? node : node.parentElement);
    return !!el?.closest('input,textarea,select,[contenteditable=""],[contenteditable="true"]');
  };

  function selectionText() {
    const sel = window.getSelection();
    const text = sel ? sel.toString().trim() : '';
    if (!text || text.length > MAX_CHARS || inField(sel.anchorNode) || inField(document.activeElement)) return '';
    return text;
  }

  function ensureButton() {
    if (button) return button;
    host = document.createElement('kg-workbench-selection');
    host.style.cssText = 'position:fixed;z-index:2147483647;top:0;left:0;display:none';
    const root = host.attachShadow({ mode: 'open' });
    button = document.createElement('button');
    button.type = 'button';
    button.textContent = '拆成知识图 / Make a graph';
    button.style.cssText =
      'font:13px/1.4 system-ui,sans-serif;padding:5px 10px;border:0;border-radius:6px;background:#2563eb;color:#fff;cursor:pointer;box-shadow:0 2px 8px rgba(0,0,0,.25)';
    button.addEventListener('mousedown', (e) => e.preventDefault()); // keep the selection
    button.addEventListener('click', () => {
      const text = selectionText();
      hide();
      if (text) chrome.runtime.sendMessage({ type: 'kg-make-graph', text }).catch(() => {});
    });
    root.append(button);
    document.documentElement.append(host);
    return button;
  }

  function hide() {
    if (host) host.style.display = 'none';
  }

  document.addEventListener('mouseup', (e) => {
    if (host && e.composedPath().includes(host)) return;
    setTimeout(() => {
      const text = selectionText();
      if (!text) return hide();
      const rect = window.getSelection().getRangeAt(0).getBoundingClientRect();
      ensureButton();
      host.style.top = `${Math.max(4, rect.top - 40)}px`;
      host.style.left = `${Math.min(Math.max(4, rect.left), window.innerWidth - 200)}px`;
      host.style.display = 'block';
    }, 10);
  });
  document.addEventListener('mousedown', (e) => {
    if (!host || !e.composedPath().includes(host)) hide();
  });
  window.addEventListener('scroll', hide, true);

  // The keyboard command asks the page for its selection.
  chrome.runtime.onMessage.addListener((message, _sender, reply) => {
    if (message?.type === 'kg-selection') reply({ text: selectionText() });
  });
})();
