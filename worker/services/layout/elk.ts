// The ELK instance, built on first use: `new ELK()` at module top level breaks inside workerd (its registration
// timer never fires in global scope, every layout then fails with "Layout algorithm 'layered' not found").
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkEngine } from '../../../core/layout/layered';

let instance: ElkEngine | null = null;

export function elkEngine(): ElkEngine {
  instance ??= new ELK();
  return instance;
}
