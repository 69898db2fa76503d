import type { WorkbenchConfigFile } from '@portal/contracts/config-transfer';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { multipart } from '../transfer/transfer-test-files.ts';

const O = '/api/online-service-platform';
const W = '/api/blade-workbench/workbenchConfig';

// The tests read the answers' fields as loosely as their own `any` allows (this module is theirs, not a test file).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/**
 * The calls the tests of configured texts make (ADR 0074): a platform call as a logged-in account, answered with its
 * HTTP status beside the envelope; the workbench's configuration file exported, and a file imported, as the
 * administrator. `app` and `tokens` are read at each call (the tests fill them in beforeAll).
 */
export function configCalls(app: () => TestApp, tokens: Record<string, string>) {
  const call = async (who: string, path: string, payload: object = {}) => {
    const res = await app().app.inject({ method: 'POST', url: `${O}/${path}`, headers: bearer(tokens[who]!), payload });
    return { http: res.statusCode, ...res.json() } as Json;
  };
  const exportConfig = async () => {
    const res = await app().app.inject({ method: 'GET', url: `${W}/export`, headers: bearer(tokens.admin!) });
    return JSON.parse(res.body) as WorkbenchConfigFile;
  };
  const importConfig = async (content: string) => {
    const body = multipart([{ filename: 'config.json', content: Buffer.from(content) }], {});
    const res = await app().app.inject({
      method: 'POST',
      url: `${W}/import`,
      headers: { ...bearer(tokens.admin!), ...body.headers },
      payload: body.payload,
    });
    return { body: res.body, ...res.json() } as Json;
  };
  return { call, exportConfig, importConfig };
}
