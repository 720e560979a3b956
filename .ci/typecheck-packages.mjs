// The typecheck of packages/*: one TypeScript program per set of identical compiler options instead of one per
// package (issue 20). Each package's program checked again every workspace package it imports (contracts inside
// api-client, bulk-csv and amazon; router inside ui), and paid TypeScript's start-up and lib checking each time.
// Packages whose tsconfig.json has the same compilerOptions are checked together, so a file is checked once per set of
// options, under exactly the options its own tsconfig gives it. `pnpm --filter <pkg> run typecheck` still checks one
// package alone. Exits non-zero when any program has an error.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGES = fileURLToPath(new URL('../packages/', import.meta.url));
// TypeScript 7's package exports only its package.json and API, not bin/tsc: the CLI is found beside the package.json.
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

/** Package folders by their compiler options (the key), with each one's `include` relative to packages/. */
const groups = new Map();
for (const dir of readdirSync(PACKAGES, { withFileTypes: true })) {
  if (!dir.isDirectory()) continue;
  let config;
  try {
    config = JSON.parse(readFileSync(join(PACKAGES, dir.name, 'tsconfig.json'), 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') continue; // not a TypeScript package
    throw new Error(`packages/${dir.name}/tsconfig.json: ${err.message}`);
  }
  const known = new Set(['extends', 'compilerOptions', 'include']);
  const unknown = Object.keys(config).filter((k) => !known.has(k));
  if (config.extends !== '../../tsconfig.base.json' || unknown.length > 0 || !Array.isArray(config.include)) {
    throw new Error(
      `packages/${dir.name}/tsconfig.json: this script groups configs that extend ../../tsconfig.base.json with only ` +
        'compilerOptions and include; teach it the new shape',
    );
  }
  const key = JSON.stringify(config.compilerOptions ?? {});
  const group = groups.get(key) ?? { compilerOptions: config.compilerOptions ?? {}, include: [], names: [] };
  group.include.push(...config.include.map((path) => `${dir.name}/${path}`));
  group.names.push(dir.name);
  groups.set(key, group);
}

let failed = false;
let n = 0;
for (const group of groups.values()) {
  n += 1;
  // Beside the packages' own configs, so paths and the automatic @types lookup resolve as they do for them.
  const file = join(PACKAGES, `.tsconfig.typecheck-${n}.json`);
  const config = { extends: '../tsconfig.base.json', compilerOptions: group.compilerOptions, include: group.include };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  try {
    console.log(`tsc: ${group.names.join(', ')}`);
    const r = spawnSync(process.execPath, [tsc, '-p', file, '--singleThreaded'], { stdio: 'inherit' });
    if (r.status !== 0) failed = true;
  } finally {
    rmSync(file, { force: true });
  }
}
process.exit(failed ? 1 : 0);
