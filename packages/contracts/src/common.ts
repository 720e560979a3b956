import { z } from 'zod';

/** Trimmed text; `min` counts characters after trimming. */
export const trimmed = (max = 200) => z.string().trim().max(max);
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max);

export const IsoDate = z.string();
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
