export { RateLimiter } from '../src/adapters/workers/durable-object-rate-limiter';
export default { async fetch() { return new Response('ok'); } } satisfies ExportedHandler<Env>;
