// Small UI state kept in localStorage: ids, sizes and choices only, never document text or graph data.
// A LocalStateController reads it when its host connects and writes every change at once.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

const PREFIX = 'kg-workbench:';

/** Reads a JSON value; anything missing, unparsable or blocked (private mode) gives the fallback. */
export function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(PREFIX + key);
    return raw ? ({ ...fallback, ...JSON.parse(raw) } as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the UI still works, it just forgets.
  }
}

export class LocalStateController<T extends object> implements ReactiveController {
  private current: T;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly key: string,
    private readonly defaults: T,
  ) {
    this.current = defaults;
    host.addController(this);
  }

  hostConnected(): void {
    this.current = readStored(this.key, this.defaults);
  }

  get value(): Readonly<T> {
    return this.current;
  }

  set(patch: Partial<T>): void {
    this.current = { ...this.current, ...patch };
    writeStored(this.key, this.current);
    this.host.requestUpdate();
  }
}
