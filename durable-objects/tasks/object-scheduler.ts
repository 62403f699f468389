// The object's own event loop and clock, passed into core (which has no timers): yields, model deadlines, backoff.
import { timerScheduler } from '../../core/scheduler';

export const objectScheduler = timerScheduler({ setTimeout, clearTimeout, now: () => Date.now() });
