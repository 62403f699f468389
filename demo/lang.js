// The interface follows the reader's browser language; <kg-workbench> reads <html lang>. A file, not an inline
// script, so the page runs under a CSP without 'unsafe-inline' (worker/lib/security-headers.ts).
if (/^zh\b/i.test(navigator.language || '')) document.documentElement.lang = 'zh';
