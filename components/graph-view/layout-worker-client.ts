// Runs a client layout in the inline layout worker, loaded with the first client layout (a chunk of its own, so the
// first load carries neither d3-force nor the worker's source). Where no worker can be made (no Worker, a page
// policy that forbids blob: workers, as in an extension page) or it fails, the layout runs on the page's thread.
import workerSource from 'kg:layout-worker';
import type { LayoutGraph, LayoutResult } from '../../core/layout/types';
import { CLIENT_LAYOUTS, type ClientAlgorithm, type LayoutReply } from './layout-worker';

export interface ClientLayoutRun {
  result: LayoutResult;
  /** How long the layout took where it ran (ms). */
  ms: number;
  thread: 'worker' | 'page';
}

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (r: { result: LayoutResult; ms: number }) => void; reject: (e: Error) => void }
>();

function ensureWorker(): Worker | null {
  if (worker || broken) return worker;
  if (typeof Worker === 'undefined' || typeof Blob === 'undefined') {
    broken = true;
    return null;
  }
  try {
    const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
    worker = new Worker(url);
    URL.revokeObjectURL(url);
    worker.onmessage = ({ data }: MessageEvent<LayoutReply>) => {
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      if (!waiting) return;
      if ('result' in data) waiting.resolve(data);
      else waiting.reject(new Error(data.error));
    };
    // A CSP that forbids the worker reports it here (or throws above): every waiting layout falls back.
    worker.onerror = (event) => {
      event.preventDefault?.();
      fail(new Error('the layout worker could not run'));
    };
  } catch {
    broken = true;
    worker = null;
  }
  return worker;
}

function fail(error: Error): void {
  broken = true;
  worker?.terminate();
  worker = null;
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function inWorker(algorithm: ClientAlgorithm, graph: LayoutGraph): Promise<{ result: LayoutResult; ms: number }> {
  const w = ensureWorker();
  if (!w) return Promise.reject(new Error('no layout worker'));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, algorithm, graph });
  });
}

export async function runClientLayout(algorithm: ClientAlgorithm, graph: LayoutGraph): Promise<ClientLayoutRun> {
  if (!broken) {
    try {
      return { ...(await inWorker(algorithm, graph)), thread: 'worker' };
    } catch {
      // Falls through to the page's thread.
    }
  }
  const t0 = performance.now();
  const result = CLIENT_LAYOUTS[algorithm](graph);
  return { result, ms: performance.now() - t0, thread: 'page' };
}
