// Middleware that depend on configuration (Worker vars such as KG_CORS_ORIGINS) build what they need once per
// configuration value, not once per request: the env is only known inside a request, and it rarely changes.

/** `build(env)`, computed once for each distinct `key(env)` and reused after. */
export function oncePerConfig<T>(key: (env: Env) => string, build: (env: Env) => T): (env: Env) => T {
  const built = new Map<string, T>();
  return (env) => {
    const k = key(env);
    if (built.has(k)) return built.get(k) as T;
    const value = build(env);
    built.set(k, value);
    return value;
  };
}
