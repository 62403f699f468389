// Rate limits from the Worker var KG_RATE_LIMITS (JSON), per caller and route class. Defaults are generous (a person
// in the workbench, a test suite polling task status every 50 ms, or an embedding page never reaches them); they
// stop a runaway script or a flood from one address. `{"enabled":false}` switches them off. KG_CALLER_ADDRESS says
// where an unkeyed caller's address comes from. An invalid value is operator input: the default is used and a
// warning is logged.
import { z } from 'zod';
import type { BucketRule } from '../../../core/rate-limit/bucket';

/** light: reads (GET/HEAD); write: creations, appends, cancels, deletes; layout: server-side ELK layouts. */
export type RouteClass = 'light' | 'write' | 'layout';

export interface RateLimitConfig {
  enabled: boolean;
  classes: Record<RouteClass, BucketRule>;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  enabled: true,
  classes: {
    light: { capacity: 600, perMinute: 3_000 },
    write: { capacity: 60, perMinute: 120 },
    layout: { capacity: 60, perMinute: 60 },
  },
};

const Rule = z.strictObject({
  capacity: z.number().int().min(1).max(1_000_000),
  perMinute: z.number().min(0).max(6_000_000),
});
const Config = z.strictObject({
  enabled: z.boolean().optional(),
  light: Rule.partial().optional(),
  write: Rule.partial().optional(),
  layout: Rule.partial().optional(),
});

let warned = '';

export function rateLimitConfig(raw: string | undefined): RateLimitConfig {
  if (!raw?.trim()) return DEFAULT_RATE_LIMITS;
  let parsed: z.infer<typeof Config>;
  try {
    parsed = Config.parse(JSON.parse(raw));
  } catch (error) {
    if (warned !== raw) console.warn('KG_RATE_LIMITS is not valid; using the defaults', String(error).slice(0, 300));
    warned = raw;
    return DEFAULT_RATE_LIMITS;
  }
  const d = DEFAULT_RATE_LIMITS.classes;
  return {
    enabled: parsed.enabled ?? true,
    classes: {
      light: { ...d.light, ...parsed.light },
      write: { ...d.write, ...parsed.write },
      layout: { ...d.layout, ...parsed.layout },
    },
  };
}

/**
 * Where an unkeyed caller's address comes from. `edge` (the default, for a deployed Worker): `cf-connecting-ip`, which
 * Cloudflare's edge sets on every request it hands to the Worker, so a client cannot choose it. `local`: one address
 * for every caller, because in the local runtime (`wrangler dev`, miniflare, vitest-pool-workers) that header is
 * whatever the client sent (miniflare fills it from the socket only when it is missing); npm start, the e2e harness
 * and the worker tests set it.
 */
export type CallerAddress = 'edge' | 'local';

let warnedAddress = '';

export function callerAddress(raw: string | undefined): CallerAddress {
  const value = raw?.trim() ?? '';
  if (value === 'local') return 'local';
  if (value !== '' && value !== 'edge' && warnedAddress !== value) {
    console.warn(
      `KG_CALLER_ADDRESS must be "edge" or "local", not ${JSON.stringify(value.slice(0, 40))}; using "edge"`,
    );
    warnedAddress = value;
  }
  return 'edge';
}
