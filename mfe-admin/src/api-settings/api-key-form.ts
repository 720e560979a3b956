/** Not in the SPEC (it gives no success text for a key change). */
export const API_KEY_UPDATED = 'API key updated successfully';
