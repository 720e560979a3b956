/**
 * Setup file of the components project (vitest.config.ts): runs before every component test file. The files share
 * their worker's modules (isolate: false), so hooks registered when @labeldesk/ui/testing is first imported would
 * belong to the first file only; these are registered again for each file.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
