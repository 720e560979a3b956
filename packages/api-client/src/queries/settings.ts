import type { UpdateAppSettingsRequest } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { mutation, query } from './spec';

/** App settings: the public part every page may show (support contacts...) and the admin's full record. */
export const settingsKeys = {
  all: ['settings'] as const,
  public: () => [...settingsKeys.all, 'public'] as const,
  app: () => [...settingsKeys.all, 'app'] as const,
};

export const settingsQueries = {
  public: () => query(settingsKeys.public(), () => api.settings.publicSettings()),
  app: () => query(settingsKeys.app(), () => api.settings.get()),
};

export const settingsMutations = {
  update: mutation((body: UpdateAppSettingsRequest) => api.settings.update(body), [settingsKeys.all]),
};
