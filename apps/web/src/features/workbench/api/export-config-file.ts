import { workbenchHttp } from '../../../lib/http/clients.ts';

/**
 * The workbench configuration file (issue 16, ADR 0031): POST workbenchConfig/export answers the tenant's
 * configuration as a JSON download (import-config-file.ts takes it back).
 */
export const exportConfigFile = () => workbenchHttp.postForFile('/workbenchConfig/export', {});
