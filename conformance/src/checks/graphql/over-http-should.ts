import { overHttpAuditCheck } from './lib/over-http-audits.js';

export default overHttpAuditCheck('SHOULD', 'GQL-042');
