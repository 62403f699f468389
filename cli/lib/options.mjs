// Checked option values for commands: a bad one is a usage error (exit 2).
import { UsageError } from './errors.mjs';

export function need(value, what) {
  if (value === undefined || value === '') throw new UsageError(`missing ${what}.`);
  return value;
}

export function intOption(values, name, min, max, fallback) {
  const raw = values[name];
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}.`);
  return Number(raw);
}

export function oneOf(values, name, allowed, fallback) {
  const raw = values[name] ?? fallback;
  if (raw !== undefined && !allowed.includes(raw))
    throw new UsageError(`--${name} must be one of: ${allowed.join(', ')}.`);
  return raw;
}

export const listOption = (raw) =>
  raw === undefined
    ? undefined
    : raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
