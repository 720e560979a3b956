export { api, type Api } from './endpoints';
export { ApiClientError, configureApiBase, errorMessage, request, type RequestOptions } from './http';
export {
  clearSession,
  getSession,
  getToken,
  onSessionChange,
  readStoredUser,
  saveSession,
  updateStoredUser,
  type Session,
  type StoredUser,
} from './session';
