import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.literal('ok'),
  runtime: z.enum(['node', 'workers']),
  database: z.literal('ok'),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

export const LivenessResponse = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof LivenessResponse>;
