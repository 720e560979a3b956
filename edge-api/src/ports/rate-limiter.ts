/**
 * Fixed-window rate limiting. Adapters: Durable Object (Workers), in-process (Node), noop (unit tests).
 * Model: unkey `pkg/ratelimit/interface.ts`.
 */
export interface RateLimitRequest {
  /** Namespaced key, e.g. `login:ip:203.0.113.9`. */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch ms when the current window ends. */
  reset: number;
}

export interface RateLimiter {
  limit(req: RateLimitRequest): Promise<RateLimitResult>;
}

export const noopRateLimiter: RateLimiter = {
  limit: async (req) => ({ success: true, limit: req.limit, remaining: req.limit, reset: Date.now() + req.windowMs }),
};
