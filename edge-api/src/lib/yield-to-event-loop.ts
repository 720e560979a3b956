/**
 * Lets the event loop serve what is waiting (other requests, timers) before the caller goes on. Database calls are
 * synchronous on Node (libSQL) and `await` on a settled promise does not yield, so long CPU work — checking 10,000
 * rows, queueing their jobs — would otherwise hold every other request for its whole length. A macrotask
 * (setTimeout 0) works the same on Node and in workerd.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
