import { overHttpAuditCheck } from './lib/over-http-audits.js';

export default overHttpAuditCheck('MUST', 'GQL-041');
