import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Logger } from '../../lib/logger';
import type { ReferenceAssets, ReferenceVendorFile } from '../../ports/reference-assets';

/**
 * The reference's Swagger UI files on Node: read from the installed `swagger-ui-dist` package (a dependency of
 * edge-api) on first use and kept in memory (about 1.9 MB for both), so later answers touch no disk.
 */
export function swaggerUiFiles(log: Logger): ReferenceAssets {
  const cache = new Map<ReferenceVendorFile, Promise<Uint8Array<ArrayBuffer> | null>>();
  const folder = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return {
    read(file) {
      let bytes = cache.get(file);
      if (!bytes) {
        bytes = readFile(join(folder(), file)).then(
          (buffer) => new Uint8Array(buffer),
          (err: unknown) => {
            log.error('reference_assets.unreadable', { file, err });
            cache.delete(file);
            return null;
          },
        );
        cache.set(file, bytes);
      }
      return bytes;
    },
  };
}
