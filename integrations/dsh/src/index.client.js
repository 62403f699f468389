// kg-workbench for the DSH agent harness: the CLIENT half (browser). Plain JS, no imports, no build step: the dynamic
// install (docs/contracts/dsh-plugin.md#dynamic-plugin) pastes this function's body into `cordis_define`, and integrations/dsh/build.mjs wraps
// the same function into lib/client.js for the persistent bundle (docs/contracts/dsh-plugin.md#persistent-bundle). Globals the harness provides: `React`,
// `host.call(name, args)` (the host half's names) and `styles.insert(css)`.
//
// It mounts the <kg-workbench> element (loaded from the Worker, or through the host half's pass-through) in the
// harness's slots: the 「知识图」 header button and its floating workbench window, the 「轨迹知识图」 conversation tab
// (the session's events as an agent-trace graph, with "append new events"), the start bar in the Cordis run card,
// and the chat-selection tool (select text in a message → 「拆成知识图」).
export default function clientPlugin() {
  const h = React.createElement;
  const ID = 'kg-workbench-dsh';
  const MAX_SELECTION = 20000;
  const TEXT = {
    zh: {
      launcher: '知识图',
      launcherAria: '打开知识图工作台',
      launcherTitle: '打开知识图工作台（浮动窗口）',
      window: '知识图工作台',
      close: '关闭',
      select: '拆成知识图',
      tab: '轨迹知识图',
      extractTrace: '拆解本会话轨迹',
      extracting: '正在拆解本会话轨迹…',
      noEvents: '本会话还没有轨迹事件。',
      openCard: '打开工作台',
      closeCard: '收起工作台',
      retry: '重新拆解',
    },
    en: {
      launcher: 'Graph',
      launcherAria: 'Open the knowledge-graph workbench',
      launcherTitle: 'Open the knowledge-graph workbench (floating window)',
      window: 'Knowledge-graph workbench',
      close: 'Close',
      select: 'Make a graph',
      tab: 'Trace graph',
      extractTrace: 'Graph this session’s trace',
      extracting: 'Graphing this session’s trace…',
      noEvents: 'This session has no trace events yet.',
      openCard: 'Open the workbench',
      closeCard: 'Hide the workbench',
      retry: 'Graph again',
    },
  };
  const lang = () => (/^en/i.test(document.documentElement.lang || '') ? 'en' : 'zh');
  const t = (key) => TEXT[lang()][key];

  const CSS = `
.kg-dsh-launcher{display:inline-flex;align-items:center;gap:4px;font:inherit;padding:2px 8px;border:1px solid #d5dae0;border-radius:6px;background:#fff;cursor:pointer}
.kg-dsh-window{position:fixed;z-index:2147483000;top:64px;right:24px;width:min(1100px,calc(100vw - 48px));height:min(760px,calc(100vh - 96px));display:flex;flex-direction:column;background:#fff;border:1px solid #c4cad1;border-radius:8px;box-shadow:0 12px 40px rgba(0,0,0,.25);resize:both;overflow:hidden;min-width:420px;min-height:320px}
.kg-dsh-window-bar{display:flex;align-items:center;justify-content:space-between;padding:4px 10px;background:#f6f7f9;border-bottom:1px solid #d5dae0;cursor:move;user-select:none}
.kg-dsh-window-body{flex:1;overflow:auto}
.kg-dsh-select{position:fixed;z-index:2147483001;padding:4px 10px;border:0;border-radius:6px;background:#2563eb;color:#fff;font:inherit;cursor:pointer;box-shadow:0 2px 8px rgba(0,0,0,.2)}
.kg-dsh-trace{display:flex;flex-direction:column;gap:8px;height:100%;min-height:480px}
.kg-dsh-trace>kg-workbench,.kg-dsh-window-body>kg-workbench{display:block}`;

  // One small store shared by the slots: is the window open, and a selection waiting to be graphed. Components read
  // it as an external store, so a change between a component's render and its effects is never lost.
  const store = {
    open: false,
    pending: null,
    version: 0,
    listeners: new Set(),
    set(patch) {
      Object.assign(this, patch);
      this.version += 1;
      for (const l of this.listeners) l();
    },
    subscribe(l) {
      store.listeners.add(l);
      return () => store.listeners.delete(l);
    },
  };
  const useStore = React.useSyncExternalStore
    ? () => {
        React.useSyncExternalStore(store.subscribe, () => store.version);
        return store;
      }
    : () => {
        // React before 18: subscribe in an effect, then catch up with a change made since the render.
        const [, setSeen] = React.useState(store.version);
        React.useEffect(() => {
          const l = () => setSeen(store.version);
          const off = store.subscribe(l);
          l();
          return off;
        }, []);
        return store;
      };

  // The Worker base the page's <kg-workbench> uses (host `config`), and the component script it serves.
  let apiBase = null;
  async function component() {
    if (apiBase === null) {
      const config = await host.call('config', {});
      apiBase = String(config?.api || '').replace(/\/+$/, '');
    }
    if (!customElements.get('kg-workbench'))
      await import(/* webpackIgnore: true */ new URL(`${apiBase}/kg-workbench.js`, location.href).href);
    await customElements.whenDefined('kg-workbench');
    return apiBase;
  }

  /** Open mode: the trace's write capability goes where <kg-workbench> keeps them, so "append new events" works. */
  function keepWriteCapability(documentId, token) {
    if (!token) return;
    try {
      const key = 'kg-workbench:write-capabilities';
      const held = JSON.parse(localStorage.getItem(key) || '{}');
      held[documentId] = token;
      localStorage.setItem(key, JSON.stringify(held));
    } catch {
      /* storage unavailable: the workbench then shows the trace read-only */
    }
  }

  /** A <kg-workbench> element mounted into a React-managed box; `setup(el)` sets its properties. */
  function Workbench(props) {
    const box = React.useRef(null);
    const [failed, setFailed] = React.useState('');
    React.useEffect(() => {
      let el = null;
      let gone = false;
      component().then(
        (api) => {
          if (gone || !box.current) return;
          el = document.createElement('kg-workbench');
          el.setAttribute('api', api);
          el.setAttribute('lang', lang());
          if (props.documentId) el.setAttribute('document-id', props.documentId);
          if (props.setup) props.setup(el);
          box.current.append(el);
          if (props.onReady) props.onReady(el);
        },
        (error) => setFailed(String(error?.message || error)),
      );
      return () => {
        gone = true;
        if (el) el.remove();
      };
    }, [props.documentId]);
    return h(
      'div',
      { ref: box, className: props.className, 'data-kg-dsh': 'workbench' },
      failed ? h('p', { role: 'alert' }, failed) : null,
    );
  }

  /** Header button 「知识图」, one per conversation. */
  function Launcher() {
    const s = useStore();
    return h(
      'button',
      {
        type: 'button',
        className: 'kg-dsh-launcher',
        'aria-label': t('launcherAria'),
        title: t('launcherTitle'),
        'aria-expanded': s.open ? 'true' : 'false',
        onClick: () => s.set({ open: !s.open }),
      },
      h(
        'svg',
        { width: 14, height: 14, viewBox: '0 0 16 16', 'aria-hidden': 'true' },
        h('circle', { cx: 3, cy: 8, r: 2, fill: 'currentColor' }),
        h('circle', { cx: 13, cy: 3, r: 2, fill: 'currentColor' }),
        h('circle', { cx: 13, cy: 13, r: 2, fill: 'currentColor' }),
        h('path', { d: 'M3 8 13 3M3 8l10 5', stroke: 'currentColor', fill: 'none' }),
      ),
      t('launcher'),
    );
  }

  /** The start bar inside the Cordis run card. */
  function LauncherCard() {
    const s = useStore();
    return h(
      'button',
      { type: 'button', className: 'kg-dsh-launcher', onClick: () => s.set({ open: !s.open }) },
      s.open ? t('closeCard') : t('openCard'),
    );
  }

  /** A selection waiting in the store is extracted by the open workbench, through its own task flow. */
  function submitPending(el) {
    const text = store.pending;
    if (!text || !el.client) return;
    store.pending = null;
    void el.extraction.submit(el.client, { title: text.replace(/\s+/g, ' ').slice(0, 40), text, model: null });
  }

  /** The floating, draggable and resizable workbench window. */
  function WorkbenchWindow() {
    const s = useStore();
    const win = React.useRef(null);
    const wb = React.useRef(null);
    React.useEffect(() => {
      if (s.open && s.pending && wb.current) submitPending(wb.current);
    });
    if (!s.open) return null;
    const drag = (e) => {
      const node = win.current;
      if (!node || e.target.closest('button')) return;
      const rect = node.getBoundingClientRect();
      const dx = e.clientX - rect.left;
      const dy = e.clientY - rect.top;
      const move = (m) => {
        node.style.left = `${Math.max(0, m.clientX - dx)}px`;
        node.style.top = `${Math.max(0, m.clientY - dy)}px`;
        node.style.right = 'auto';
      };
      const up = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    };
    return h(
      'section',
      { ref: win, className: 'kg-dsh-window', role: 'dialog', 'aria-label': t('window') },
      h(
        'div',
        { className: 'kg-dsh-window-bar', onPointerDown: drag },
        h('strong', null, t('window')),
        h('button', { type: 'button', 'aria-label': t('close'), onClick: () => s.set({ open: false }) }, '×'),
      ),
      h(Workbench, {
        className: 'kg-dsh-window-body',
        onReady: (el) => {
          wb.current = el;
          submitPending(el);
        },
      }),
    );
  }

  /** Chat selection → a floating 「拆成知识图」 button above it (not in inputs, editors or the workbench itself). */
  function SelectionTool() {
    const s = useStore();
    const [spot, setSpot] = React.useState(null);
    React.useEffect(() => {
      const skip = (node) => {
        const el = node && (node.nodeType === 1 ? node : node.parentElement);
        return (
          !!el &&
          !!el.closest(
            'input,textarea,select,[contenteditable=""],[contenteditable="true"],.kg-dsh-window,kg-workbench',
          )
        );
      };
      const onUp = (e) =>
        !e.target.closest?.('.kg-dsh-select') &&
        setTimeout(() => {
          const sel = window.getSelection();
          const text = sel ? sel.toString().trim() : '';
          // A selection inside a text field reports the field's parent as its anchor: the focused element tells.
          if (!text || text.length > MAX_SELECTION || skip(sel.anchorNode) || skip(document.activeElement))
            return setSpot(null);
          const rect = sel.getRangeAt(0).getBoundingClientRect();
          setSpot({
            text,
            top: Math.max(4, rect.top - 40),
            left: Math.min(Math.max(4, rect.left), window.innerWidth - 140),
          });
        }, 10);
      const onDown = (e) => {
        if (!e.target.closest?.('.kg-dsh-select')) setSpot(null);
      };
      const onScroll = () => setSpot(null);
      document.addEventListener('mouseup', onUp);
      document.addEventListener('mousedown', onDown);
      window.addEventListener('scroll', onScroll, true);
      return () => {
        document.removeEventListener('mouseup', onUp);
        document.removeEventListener('mousedown', onDown);
        window.removeEventListener('scroll', onScroll, true);
      };
    }, []);
    if (!spot) return null;
    return h(
      'button',
      {
        type: 'button',
        className: 'kg-dsh-select',
        style: { top: `${spot.top}px`, left: `${spot.left}px` },
        onClick: () => {
          setSpot(null);
          window.getSelection()?.removeAllRanges();
          s.set({ open: true, pending: spot.text });
        },
      },
      t('select'),
    );
  }

  /** The 「轨迹知识图」 tab: this session's events as an agent-trace graph, remembered per session (ids only). */
  function makeTrajectoryTab(sessions) {
    const events = (sessionId) => {
      return sessions?.get(sessionId)?.events || [];
    };
    return function TrajectoryTab(props) {
      const key = `${ID}:trace:${props.sessionId}`;
      const [documentId, setDocumentId] = React.useState(() => localStorage.getItem(key));
      const [state, setState] = React.useState({ busy: false, error: '' });
      const start = async () => {
        const list = events(props.sessionId);
        if (!list.length) return setState({ busy: false, error: t('noEvents') });
        setState({ busy: true, error: '' });
        const created = await host.call('trajectory-extract', {
          title: `${t('tab')} · ${props.sessionId}`,
          events: list,
        });
        if (created.error) return setState({ busy: false, error: `${created.error.code}: ${created.error.message}` });
        keepWriteCapability(created.documentId, created.writeCapability);
        for (;;) {
          const status = await host.call('trajectory-status', { taskId: created.taskId });
          if (status.status === 'succeeded') break;
          if (status.status !== 'running')
            return setState({ busy: false, error: `${status.error?.code || status.status}` });
          await new Promise((r) => setTimeout(r, 1000));
        }
        localStorage.setItem(key, created.documentId);
        setDocumentId(created.documentId);
        setState({ busy: false, error: '' });
      };
      return h(
        'div',
        { className: 'kg-dsh-trace', 'data-session': props.sessionId },
        documentId
          ? h(Workbench, { documentId, setup: (el) => (el.traceEventSource = () => events(props.sessionId)) })
          : h(
              'button',
              { type: 'button', disabled: state.busy, onClick: start },
              state.busy ? t('extracting') : t('extractTrace'),
            ),
        state.error ? h('p', { role: 'alert' }, state.error) : null,
      );
    };
  }

  return {
    inject: ['slots', 'timer', 'sessions', 'inputTriggers'],
    async apply(ctx) {
      const { slots, sessions } = ctx;
      // Whatever a registration returns to undo it goes to the plugin's context, so stopping the plugin removes it.
      const own = (dispose) => (typeof dispose === 'function' && ctx.effect ? ctx.effect(() => dispose) : dispose);
      own(styles.insert(CSS));
      const slot = (name, spec, render) => own(slots.inject(name, () => slots.register(spec, render)));
      slot('tool.view.cordis', { key: 'self' }, LauncherCard);
      slot('shell.overlay', { id: 'kg-selection-tool', order: 89 }, SelectionTool);
      slot('shell.overlay', { id: 'kg-workbench-window', order: 90 }, WorkbenchWindow);
      slot('conversation.session.header.actions', { id: 'kg-workbench-launcher', label: t('launcher') }, Launcher);
      slot('conversation.view', { id: 'kg-trajectory', order: 20, label: t('tab') }, makeTrajectoryTab(sessions));
    },
  };
}
