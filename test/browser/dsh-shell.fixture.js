// A STAND-IN for the DSH harness's web shell, written from docs/contracts/dsh-plugin.md#dynamic-plugin and #persistent-bundle (the harness is not published):
// a real Cordis context (the `cordis` package) with the client services the plugin injects — `slots` (inject/register),
// `sessions` (get(id).events), `timer`, `inputTriggers` — the `window.__ModuleLoader__` that loads a persistent
// bundle's client module, and a small React page that renders the slots: the conversation header's actions, the
// conversation tabs (对话 / 轨迹 / the plugins' conversation.view entries), the run card's tool view and the overlays.
// Bundled by esbuild in the test (dsh-client.test.ts); plain JS because React ships no types here.
import { Context, Service } from 'cordis';
import React from 'react';
import { createRoot } from 'react-dom/client';

const h = React.createElement;
const SESSION = 'sess-1';

const events = [
  { seq: 1, type: 'turn/start', data: { turn: 1 } },
  { seq: 2, type: 'user/message', data: { content: [{ type: 'text', text: 'Why is the nightly export empty?' }] } },
  { seq: 3, type: 'tool/call', data: { name: 'sql', arguments: { query: 'select count(*) from exports' } } },
  {
    seq: 4,
    type: 'tool/result',
    data: {
      content: [
        { type: 'text', text: 'The exports table holds 0 rows. The job log shows a permission error at 02:00.' },
      ],
    },
  },
  {
    seq: 5,
    type: 'assistant/message',
    data: { content: [{ type: 'text', text: 'The job could not write its rows, so the export is empty.' }] },
  },
  { seq: 6, type: 'turn/end', data: { turn: 1, reason: 'done' } },
];
/** The test appends events here, as a running conversation would. */
window.standInSession = { events };

// The slots' registrations, as an external store React reads through useSyncExternalStore: a plugin may register
// between the shell's first render and its effects (it did, on a slow machine), and a change there must not be lost.
const listeners = new Set();
let version = 0;
const changed = () => {
  version += 1;
  listeners.forEach((l) => l());
};
const subscribe = (l) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

let slotService = null;
class Slots extends Service {
  constructor(ctx) {
    super(ctx, 'slots');
    this.entries = [];
    this.current = null;
    slotService = this;
  }
  /** Runs `fn` in the named slot's scope; `fn` registers and returns how to undo it. */
  inject(name, fn) {
    const previous = this.current;
    this.current = name;
    try {
      return fn();
    } finally {
      this.current = previous;
    }
  }
  register(spec, render) {
    const entry = { slot: this.current, spec, render };
    this.entries.push(entry);
    changed();
    return () => {
      this.entries = this.entries.filter((e) => e !== entry);
      changed();
    };
  }
  of(name) {
    return this.entries.filter((e) => e.slot === name).sort((a, b) => (a.spec.order ?? 0) - (b.spec.order ?? 0));
  }
}
class Sessions extends Service {
  constructor(ctx) {
    super(ctx, 'sessions');
  }
  get(id) {
    return id === SESSION ? window.standInSession : undefined;
  }
}
class Timer extends Service {
  constructor(ctx) {
    super(ctx, 'timer');
  }
}
class InputTriggers extends Service {
  constructor(ctx) {
    super(ctx, 'inputTriggers');
  }
}

const ctx = new Context();
const ready = Promise.all([ctx.plugin(Slots), ctx.plugin(Sessions), ctx.plugin(Timer), ctx.plugin(InputTriggers)]);

// The persistent bundle's client module calls this (docs/contracts/dsh-plugin.md#persistent-bundle).
window.__ModuleLoader__ = {
  load({ id, factory }) {
    const exports = {};
    factory((name) => {
      if (name === 'react') return React;
      throw new Error(`stand-in require: ${name}`);
    }, exports);
    window.standInPlugins = {
      ...(window.standInPlugins ?? {}),
      [id]: ready.then(() => ctx.plugin({ name: id, ...exports })),
    };
  },
};

function Shell() {
  React.useSyncExternalStore(subscribe, () => version);
  const [tab, setTab] = React.useState('chat');
  const slots = slotService;
  if (!slots) return null;
  const views = slots.of('conversation.view');
  const tabs = [
    { id: 'chat', label: '对话' },
    { id: 'trace', label: '轨迹' },
    ...views.map((v) => ({ id: v.spec.id, label: v.spec.label })),
  ];
  const view = views.find((v) => v.spec.id === tab);
  return h(
    'div',
    { className: 'shell' },
    h(
      'header',
      { className: 'conversation-header' },
      h('h1', null, '会话 1'),
      h(
        'div',
        { className: 'actions' },
        slots.of('conversation.session.header.actions').map((e) => h(e.render, { key: e.spec.id, sessionId: SESSION })),
      ),
    ),
    h(
      'nav',
      { role: 'tablist' },
      tabs.map((t) =>
        h(
          'button',
          { key: t.id, role: 'tab', 'aria-selected': String(tab === t.id), onClick: () => setTab(t.id) },
          t.label,
        ),
      ),
    ),
    h(
      'main',
      { className: 'conversation' },
      view
        ? h(view.render, { sessionId: SESSION })
        : tab === 'chat'
          ? h(
              'div',
              { className: 'messages' },
              h(
                'p',
                { className: 'message', 'data-role': 'assistant' },
                'Photosynthesis turns light into chemical energy. Chlorophyll in the leaves absorbs the light, and the plant stores the energy as sugar.',
              ),
              h(
                'div',
                { className: 'run-card' },
                slots.of('tool.view.cordis').map((e) => h(e.render, { key: e.spec.key })),
              ),
              h('textarea', { 'aria-label': 'composer', defaultValue: 'A draft that is not graphed when selected.' }),
            )
          : h('p', null, 'trace events…'),
    ),
    slots.of('shell.overlay').map((e) => h(e.render, { key: e.spec.id })),
  );
}

createRoot(document.getElementById('root')).render(h(Shell));
