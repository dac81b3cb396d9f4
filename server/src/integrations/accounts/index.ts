// Integration accounts: storage, adding, token refresh before actions, clean-up on deletion.
export { accountToApi, findAccount, listAccounts, loadAccount, type IntegrationAccount } from './store.js';
export { accountClient, addAccount, appClient, createValidatedAccount, refreshAccount, removeAccount, requireAccountType, type NewAccount } from './service.js';
export { validateRequest, withRefreshedTokens } from './tokens.js';
