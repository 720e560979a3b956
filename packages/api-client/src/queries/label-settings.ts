import type { UpdateLabelSettingsRequest } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { mutation, query } from './spec';

/** The caller's label settings (issue 24): the default label format and the thermal printer's dpi. */
export const labelSettingsKeys = {
  all: ['label-settings'] as const,
};

export const labelSettingsQueries = {
  current: () => query(labelSettingsKeys.all, () => api.labels.settings()),
};

export const labelSettingsMutations = {
  update: mutation((body: UpdateLabelSettingsRequest) => api.labels.updateSettings(body), [labelSettingsKeys.all]),
};
