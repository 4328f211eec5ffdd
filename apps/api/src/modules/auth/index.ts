/** What other API modules may use of auth (eslint.config.js: modules import each other's index.ts only). */
export { passwordLinkEmail, revokeUserSessions, type AuthDeps } from './service';
