/**
 * Public API of the conformance kit, for programmatic use (tests, other runners).
 */
export { CheckFailure, CheckSkipped, defineCheck, type AppEvent, type AppTargetOptions, type Check, type CheckContext, type FailureDetails, type Level, type Target } from './check.js';
export { allChecks, appChecks, serverChecks } from './checks/index.js';
export { HttpClient, toCurl, type HttpRequest, type HttpResponse } from './http.js';
export { checkProperty } from './property.js';
export { catalogueProblems, selectChecks, SelectionError } from './registry.js';
export { loadRequirements, type Requirement, type RequirementCatalogue } from './requirements.js';
export { runChecks, type CheckResult, type Outcome, type RunOptions, type RunSummary, type Verdict } from './runner.js';
export { buildReport } from './reports/build.js';
