export { type Api, api } from './endpoints';
export { ApiClientError, configureApiBase, errorMessage, type RequestOptions, request, requestText } from './http';
export { logout } from './logout';
export * from './queries';
export {
  clearSession,
  getSession,
  getToken,
  onSessionChange,
  readStoredUser,
  type Session,
  type StoredUser,
  saveSession,
  updateStoredUser,
} from './session';
