// A shared question (`#doc=<documentId>&ask=<question>`, made by the "Ask this graph" panel's share button) becomes
// the workbench's document-id and ask attributes, which open that document and ask the question again. Runs before
// the element is defined (this script sits after <kg-workbench> in the body), and again when the fragment changes.
// A file, not an inline script: the page runs under a CSP without 'unsafe-inline'.
(() => {
  function apply() {
    var params = new URLSearchParams(location.hash.replace(/^#/, ''));
    var doc = (params.get('doc') || '').trim();
    var wb = document.querySelector('kg-workbench');
    if (!doc || !wb) return;
    wb.setAttribute('document-id', doc);
    var ask = (params.get('ask') || '').trim().slice(0, 600);
    if (ask) wb.setAttribute('ask', ask);
    else wb.removeAttribute('ask');
  }
  apply();
  addEventListener('hashchange', apply);
})();
