/**
 * Identical calls in flight at once share one: the first caller's promise is handed to every
 * caller with the same key until it settles (docs/routing.md "Limits"). Used in front of the
 * calls that cost HERE quota, so 30 viewers opening one map make one upstream call.
 */
export function singleFlight<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, run) => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = run().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
