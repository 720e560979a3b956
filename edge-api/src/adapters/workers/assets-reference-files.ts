import type { Logger } from '../../lib/logger';
import type { ReferenceAssets } from '../../ports/reference-assets';

/**
 * The reference's Swagger UI files on Workers: Workers static assets (wrangler.jsonc `assets`, the installed
 * `swagger-ui-dist` folder) read through the ASSETS binding. `run_worker_first` keeps every request on the Worker, so
 * the folder is reachable only through this binding and only for the files the reference route names.
 */
export function assetsReferenceFiles(assets: Fetcher, log: Logger): ReferenceAssets {
  return {
    async read(file) {
      const res = await assets.fetch(new Request(`https://assets.invalid/${file}`));
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        log.error('reference_assets.missing', { file, status: res.status });
        return null;
      }
      return res.body;
    },
  };
}
