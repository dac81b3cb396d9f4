// OAuth 1 and OAuth 2 account set-up: states, the authorize and access-token steps.
export { finishOAuth, startOAuth, OAUTH_CALLBACK_PATH, type CallbackParams, type OAuthStart } from './flow.js';
export { readCallbackQuery } from './callback-query.js';
export { OAUTH_STATE_LIFETIME_MS, takeState, saveState, type OAuthState, type OAuthVersion } from './states.js';
