// The express application of the mock app: bodies kept raw and parsed, every request recorded,
// the pages outside the contract (files, external OAuth pages), then the contract's endpoints
// behind express-openapi-validator (requests always validated, answers unless turned off).
import express from 'express';
import type { Express } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { ActionLog } from './actions.js';
import { appSpecDocument } from './contract.js';
import type { MockContext } from './context.js';
import { bodyCapture, errorHandler, recorder, type RecordedRequest } from './http.js';
import { accountRoutes } from './routes/accounts.js';
import { actionRoutes } from './routes/actions.js';
import { dataRoutes } from './routes/data.js';
import { fileRoutes } from './routes/files.js';
import { infoRoutes } from './routes/info.js';
import { externalOAuthPages, oauthRoutes } from './routes/oauth.js';
import { synchronizerRoutes } from './routes/synchronizer.js';
import { webhookRoutes } from './routes/webhooks.js';

/** The document type the validator takes. */
type OpenApiDocument = Exclude<Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'], string>;

export interface BuildOptions {
  requests: RecordedRequest[];
  /** Where custom action calls are recorded. */
  actionLog: ActionLog;
  validateResponses: boolean;
}

const validators = new Map<boolean, ReturnType<typeof OpenApiValidator.middleware>>();

/**
 * The validator of spec/app.openapi.yaml, one per process and mode: it compiles the contract
 * on first use (a few hundred ms), and holds no state of an app, so every app shares it.
 */
function contractValidator(validateResponses: boolean): ReturnType<typeof OpenApiValidator.middleware> {
  let validator = validators.get(validateResponses);
  if (!validator) {
    validator = OpenApiValidator.middleware({
      apiSpec: appSpecDocument() as unknown as OpenApiDocument,
      validateRequests: true,
      validateResponses: validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      validateApiSpec: false,
      ignoreUndocumented: false,
    });
    validators.set(validateResponses, validator);
  }
  return validator;
}

export function buildApp(context: MockContext, options: BuildOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req, res, next) => {
    res.on('finish', () => context.log(`mock app: ${req.method} ${req.originalUrl} -> ${res.statusCode}`));
    next();
  });
  app.use(bodyCapture());
  app.use(recorder(options.requests));
  app.use(fileRoutes(context));
  app.use(externalOAuthPages(context));
  app.use(contractValidator(options.validateResponses));
  app.use(infoRoutes(context));
  app.use(accountRoutes(context));
  app.use(synchronizerRoutes(context));
  app.use(dataRoutes(context));
  app.use(webhookRoutes(context));
  app.use(actionRoutes(context, options.actionLog));
  app.use(oauthRoutes(context));
  app.use(errorHandler(context.log));
  return app;
}
