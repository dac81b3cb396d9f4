// The webhook settings screen (served as /settings/webhooks.js): lists, adds and deletes webhooks
// through /api/webhooks/v2 with the token kept in this tab's session storage. Everything that
// comes from the API is written as text (textContent / text nodes), never as HTML.

const TOKEN_KEY = 'svc-kit.settings.token';
const API = '/api/webhooks/v2';

/** @param {string} id */
function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`The page lacks #${id}.`);
  return node;
}

const ui = {
  alert: byId('alert'),
  status: byId('status'),
  tokenForm: /** @type {HTMLFormElement} */ (byId('token-form')),
  token: /** @type {HTMLInputElement} */ (byId('token')),
  tokenState: byId('token-state'),
  forgetToken: /** @type {HTMLButtonElement} */ (byId('forget-token')),
  addForm: /** @type {HTMLFormElement} */ (byId('add-form')),
  url: /** @type {HTMLInputElement} */ (byId('webhook-url')),
  type: /** @type {HTMLInputElement} */ (byId('webhook-type')),
  databases: byId('database-names'),
  secretPanel: byId('secret-panel'),
  secretWebhook: byId('secret-webhook'),
  secretValue: /** @type {HTMLInputElement} */ (byId('secret-value')),
  copySecret: /** @type {HTMLButtonElement} */ (byId('copy-secret')),
  hideSecret: /** @type {HTMLButtonElement} */ (byId('hide-secret')),
  reload: /** @type {HTMLButtonElement} */ (byId('reload')),
  heading: byId('webhooks-heading'),
  empty: byId('empty'),
  noToken: byId('no-token'),
  table: byId('webhooks'),
  rows: byId('webhook-rows'),
};

/** Fields an error's `data.field` may name, and the input showing each. */
const FIELD_INPUTS = { url: ui.url, type: ui.type, token: ui.token };

// ------------------------------------------------------------------------------ token storage

function storedToken() {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

/** @param {string} token */
function storeToken(token) {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (private mode): the token lives until the page is left.
  }
  memoryToken = token;
  showTokenState();
}

function showTokenState() {
  ui.tokenState.replaceChildren(memoryToken ? 'A token is in use in this tab.' : 'No token in use.');
}

let memoryToken = storedToken();
showTokenState();

// ------------------------------------------------------------------------------------ the API

class ApiError extends Error {
  /**
   * @param {number} status HTTP status (0 when there was no answer)
   * @param {string} name the error's `name`
   * @param {string} message the error's `message`, shown to the person
   * @param {Record<string, unknown>} data the error's `data`
   */
  constructor(status, name, message, data) {
    super(message);
    this.status = status;
    this.errorName = name;
    this.data = data;
  }
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An `{name, message, data}` error body, or the command envelope `{success: false, result}`. */
function errorBodyOf(json) {
  if (isRecord(json) && json.success === false && isRecord(json.result)) return errorBodyOf(json.result);
  if (isRecord(json) && typeof json.message === 'string' && json.message !== '') {
    return { name: typeof json.name === 'string' ? json.name : '', message: json.message, data: isRecord(json.data) ? json.data : {} };
  }
  return undefined;
}

/**
 * Sends one request with the token; answers the parsed JSON body, or throws an ApiError whose
 * message is the server's own `message`.
 * @param {'GET' | 'POST' | 'DELETE'} method
 * @param {string} path
 * @param {unknown} [body]
 */
async function api(method, path, body) {
  const token = memoryToken;
  if (!token) throw new ApiError(0, 'page.error/no-token', 'Enter an API token first.', { field: 'token' });
  /** @type {Record<string, string>} */
  const headers = { authorization: `Token ${token}`, accept: 'application/json' };
  /** @type {RequestInit} */
  const init = { method, headers, credentials: 'omit', cache: 'no-store', redirect: 'error' };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, 'page.error/network', `Could not reach the server (${error instanceof Error ? error.message : String(error)}).`, {});
  }
  const text = await res.text().catch(() => '');
  let json;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const failure = errorBodyOf(json);
  if (!res.ok || (isRecord(json) && json.success === false)) {
    if (failure) throw new ApiError(res.status, failure.name, failure.message, failure.data);
    throw new ApiError(res.status, 'page.error/http', `The server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`, {});
  }
  if (json === undefined) throw new ApiError(res.status, 'page.error/not-json', 'The server answered something that is not JSON.', {});
  return json;
}

/** @returns {never} */
function unexpected(what) {
  throw new ApiError(200, 'page.error/unexpected-answer', `The server's answer is not ${what}.`, {});
}

/** @param {unknown} value */
function text(value) {
  return value === undefined || value === null ? '' : String(value);
}

/** @param {unknown} record */
function asWebhook(record) {
  if (!isRecord(record)) unexpected('a list of webhooks');
  return {
    id: text(record.id),
    url: text(record.url),
    type: text(record.type),
    state: text(record.state),
    version: text(record.version),
    runs: Array.isArray(record.runs)
      ? record.runs.filter(isRecord).map((run) => ({
          status: text(run.http_status),
          elapsed: text(run.elapsed_time),
          time: text(run.request_time),
        }))
      : [],
  };
}

// ----------------------------------------------------------------------------------- messages

function clearMessages() {
  ui.alert.replaceChildren();
  ui.alert.hidden = true;
  ui.status.replaceChildren();
  for (const input of Object.values(FIELD_INPUTS)) input.removeAttribute('aria-invalid');
}

/** @param {string} message */
function say(message) {
  ui.status.replaceChildren(message);
}

/** Shows an error: the server's message, its name and status, and marks the field it names. */
function showError(error) {
  const apiError =
    error instanceof ApiError ? error : new ApiError(0, 'page.error/internal', `Something went wrong in the page: ${error instanceof Error ? error.message : String(error)}`, {});
  const detail = [apiError.errorName, apiError.status ? `HTTP ${apiError.status}` : ''].filter(Boolean).join(', ');
  const message = document.createElement('p');
  message.className = 'error-message';
  message.append(apiError.message);
  ui.alert.replaceChildren(message);
  if (detail) {
    const name = document.createElement('span');
    name.className = 'error-name';
    name.append(detail);
    ui.alert.append(name);
  }
  ui.alert.hidden = false;
  const field = text(apiError.data.field).replace(/^\//, '');
  const input = apiError.status === 401 ? ui.token : Object.hasOwn(FIELD_INPUTS, field) ? FIELD_INPUTS[field] : undefined;
  if (input) {
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  }
  if (apiError.status === 401) {
    storeToken('');
    showNoToken();
  }
}

// ------------------------------------------------------------------------------------ the list

/**
 * @param {string} tag
 * @param {Record<string, string>} [attributes]
 * @param {Array<Node | string>} children strings become text nodes
 */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/** @param {string} status */
function statusCell(status) {
  const code = Number(status);
  const ok = code >= 200 && code < 300;
  return el('span', { class: ok ? 'status-ok' : 'status-failed' }, status === '0' ? '0 (no response)' : status);
}

/** @param {string} iso */
function timeCell(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : el('time', { datetime: iso }, date.toLocaleString());
}

/** @param {ReturnType<typeof asWebhook>} webhook */
function runsCell(webhook) {
  const { runs } = webhook;
  if (runs.length === 0) return el('td', {}, 'No runs yet');
  const latest = runs[0];
  const summary = el('summary', {}, `${runs.length} ${runs.length === 1 ? 'run' : 'runs'}, latest `, statusCell(latest.status));
  const body = el('tbody');
  for (const run of runs) body.append(el('tr', {}, el('td', {}, statusCell(run.status)), el('td', {}, `${run.elapsed} ms`), el('td', {}, timeCell(run.time))));
  const table = el(
    'table',
    { class: 'runs' },
    el('caption', { class: 'visually-hidden' }, `Runs of webhook ${webhook.id}, newest first`),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'HTTP status'), el('th', { scope: 'col' }, 'Time taken'), el('th', { scope: 'col' }, 'Requested at'))),
    body,
  );
  return el('td', { class: 'runs-cell' }, el('details', {}, summary, table));
}

/** @param {ReturnType<typeof asWebhook>} webhook */
function webhookRow(webhook) {
  const remove = el('button', { type: 'button', class: 'danger', 'aria-label': `Delete webhook ${webhook.id} (${webhook.url})` }, 'Delete');
  remove.addEventListener('click', () => void deleteWebhook(webhook, /** @type {HTMLButtonElement} */ (remove)));
  const row = el(
    'tr',
    {},
    el('th', { scope: 'row' }, webhook.id),
    el('td', { class: 'url' }, webhook.url),
    el('td', {}, webhook.type),
    el('td', {}, webhook.state),
    el('td', {}, webhook.version),
    runsCell(webhook),
    el('td', {}, remove),
  );
  row.dataset.webhookId = webhook.id;
  return row;
}

/** @param {ReturnType<typeof asWebhook>[]} webhooks */
function renderWebhooks(webhooks) {
  // Keep the runs of a webhook open across reloads.
  const open = new Set(
    [...ui.rows.querySelectorAll('tr[data-webhook-id]')].filter((row) => row.querySelector('details[open]')).map((row) => row.getAttribute('data-webhook-id')),
  );
  ui.rows.replaceChildren(...webhooks.map(webhookRow));
  for (const row of ui.rows.querySelectorAll('tr[data-webhook-id]')) {
    if (open.has(row.getAttribute('data-webhook-id'))) row.querySelector('details')?.setAttribute('open', '');
  }
  ui.noToken.hidden = true;
  ui.table.hidden = webhooks.length === 0;
  ui.empty.hidden = webhooks.length !== 0;
}

function showNoToken() {
  ui.rows.replaceChildren();
  ui.table.hidden = true;
  ui.empty.hidden = true;
  ui.noToken.hidden = false;
  ui.databases.replaceChildren();
}

async function loadWebhooks() {
  const list = await api('GET', API);
  if (!Array.isArray(list)) unexpected('a list of webhooks');
  const webhooks = list.map(asWebhook);
  renderWebhooks(webhooks);
  return webhooks;
}

/** Fills the Database suggestions from svc.schema/query; a nicety, so failures stay silent. */
async function loadDatabases() {
  try {
    const answer = await api('POST', '/api/commands', { command: 'svc.schema/query' });
    const types = isRecord(answer) && isRecord(answer.result) && Array.isArray(answer.result['svc/types']) ? answer.result['svc/types'] : [];
    const names = types
      .filter((t) => isRecord(t) && isRecord(t['svc/meta']) && t['svc/meta']['svc/domain?'] === true && t['svc/deleted?'] !== true)
      .map((t) => text(t['svc/name']))
      .filter((name) => name !== '')
      .sort();
    ui.databases.replaceChildren(...names.map((name) => el('option', { value: name })));
  } catch {
    // No suggestions; the field still takes any name.
  }
}

// ------------------------------------------------------------------------------------- actions

const buttons = () => /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll('button')]);

/** Runs one user action: messages cleared, buttons disabled meanwhile, every error shown. */
async function action(work) {
  clearMessages();
  const disabled = buttons().filter((b) => !b.disabled);
  for (const b of disabled) b.disabled = true;
  document.body.setAttribute('aria-busy', 'true');
  try {
    await work();
  } catch (error) {
    showError(error);
  } finally {
    for (const b of disabled) if (b.isConnected) b.disabled = false;
    document.body.removeAttribute('aria-busy');
  }
}

function useToken() {
  return action(async () => {
    const token = ui.token.value.trim();
    if (!token) throw new ApiError(0, 'page.error/no-token', 'Enter an API token.', { field: 'token' });
    storeToken(token);
    ui.token.value = '';
    const webhooks = await loadWebhooks();
    say(`Token accepted: ${webhooks.length} ${webhooks.length === 1 ? 'webhook' : 'webhooks'}.`);
    await loadDatabases();
  });
}

function forgetToken() {
  return action(async () => {
    storeToken('');
    ui.token.value = '';
    hideSecret();
    showNoToken();
    say('Token forgotten.');
  });
}

function reload() {
  return action(async () => {
    const webhooks = await loadWebhooks();
    say(`List reloaded: ${webhooks.length} ${webhooks.length === 1 ? 'webhook' : 'webhooks'}.`);
  });
}

function addWebhook() {
  return action(async () => {
    hideSecret();
    const url = ui.url.value.trim();
    const type = ui.type.value.trim();
    if (!url) throw new ApiError(0, 'page.error/missing-field', 'Enter the target URL.', { field: 'url' });
    if (!type) throw new ApiError(0, 'page.error/missing-field', 'Enter the Database name.', { field: 'type' });
    const created = await api('POST', API, { url, type });
    if (!isRecord(created)) unexpected('a webhook');
    const webhook = asWebhook(created);
    ui.addForm.reset();
    if (typeof created.secret === 'string' && created.secret !== '') {
      ui.secretWebhook.replaceChildren(webhook.id);
      ui.secretValue.value = created.secret;
      ui.secretPanel.hidden = false;
    }
    await loadWebhooks();
    say(`Webhook ${webhook.id} added for ${webhook.type}.`);
    if (!ui.secretPanel.hidden) ui.secretPanel.focus();
  });
}

/** @param {ReturnType<typeof asWebhook>} webhook @param {HTMLButtonElement} button */
function deleteWebhook(webhook, button) {
  if (!window.confirm(`Delete webhook ${webhook.id} (${webhook.url})? Nothing more will be delivered to it.`)) {
    button.focus();
    return Promise.resolve();
  }
  return action(async () => {
    const answer = await api('DELETE', `${API}/${encodeURIComponent(webhook.id)}`);
    if (answer !== true) unexpected('true');
    await loadWebhooks();
    say(`Webhook ${webhook.id} deleted.`);
    ui.heading.focus();
  });
}

function hideSecret() {
  ui.secretValue.value = '';
  ui.secretWebhook.replaceChildren();
  ui.secretPanel.hidden = true;
}

async function copySecret() {
  ui.secretValue.select();
  try {
    await navigator.clipboard.writeText(ui.secretValue.value);
    say('Secret copied.');
  } catch {
    say('Copying is not allowed here: the secret is selected, copy it with the keyboard.');
  }
}

// -------------------------------------------------------------------------------------- wiring

ui.tokenForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void useToken();
});
ui.forgetToken.addEventListener('click', () => void forgetToken());
ui.addForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void addWebhook();
});
ui.reload.addEventListener('click', () => void reload());
ui.copySecret.addEventListener('click', () => void copySecret());
ui.hideSecret.addEventListener('click', () => {
  hideSecret();
  ui.url.focus();
});
window.addEventListener('unhandledrejection', (event) => showError(event.reason));
window.addEventListener('error', (event) => showError(event.error ?? event.message));

if (memoryToken) {
  void action(async () => {
    await loadWebhooks();
    await loadDatabases();
  });
} else {
  showNoToken();
}
