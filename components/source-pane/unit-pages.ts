// Reads content units in pages (GET units, at most 2000 per request) and keeps the last few pages, so moving back
// and forth in a long document does not refetch and never holds the whole text.
import type { ContentUnit } from '../../core/schema';
import type { UnitsPage } from '../shared/api-client';

export type UnitLoader = (offset: number, limit: number, signal?: AbortSignal) => Promise<UnitsPage>;

const KEEP = 8;

export class UnitPages {
  private cache = new Map<string, Promise<ContentUnit[]>>();

  constructor(private readonly loader: UnitLoader | null) {}

  /** Units first..last (1-based, inclusive). */
  range(first: number, last: number): Promise<ContentUnit[]> {
    if (!this.loader || last < first) return Promise.resolve([]);
    const key = `${first}-${last}`;
    let page = this.cache.get(key);
    if (page) {
      // Most recently used last.
      this.cache.delete(key);
    } else {
      page = this.loader(first - 1, Math.min(last - first + 1, 2000)).then((r) => r.units);
      page.catch(() => this.cache.delete(key));
    }
    this.cache.set(key, page);
    while (this.cache.size > KEEP) this.cache.delete(this.cache.keys().next().value!);
    return page;
  }
}
