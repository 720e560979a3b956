import { z } from 'zod';
import { REMOTES, type RemoteName } from '../../federation.config';

/** Run-time configuration served next to the shell (by the Node entry, or as a static file on other hosts). */
const AppConfig = z.object({
  apiBase: z.string().default(''),
  remotes: z.object(Object.fromEntries(REMOTES.map((r) => [r, z.string().min(1)])) as Record<RemoteName, z.ZodString>),
});
export type AppConfig = z.infer<typeof AppConfig>;

export async function loadAppConfig(): Promise<AppConfig> {
  const response = await fetch('/app-config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`app-config.json answered ${response.status}`);
  return AppConfig.parse(await response.json());
}

const attempts = new Map<string, number>();

/**
 * Installs the resolver the federation runtime calls for a remote's URL. A retry after a failed load gets a fresh URL
 * (browsers remember a failed module import for the page's lifetime).
 */
export function installRemoteResolver(config: AppConfig): void {
  window.__labeldeskRemoteUrl = async (name) => {
    const url = config.remotes[name as RemoteName];
    if (!url) throw new Error(`No URL configured for remote "${name}"`);
    const attempt = attempts.get(name) ?? 0;
    attempts.set(name, attempt + 1);
    return attempt === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
  };
}
