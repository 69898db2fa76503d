import type { DataSourceCode } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST cardcolumnconfig/getReturnParamByDataSource: the fields a data source returns. */
export const getReturnParams = (dataSource: DataSourceCode, apiId: string | null) =>
  ospHttp.post<Array<{ field: string; chineseName: string; paramType: string; chineseNameEn?: string }>>(
    '/cardcolumnconfig/getReturnParamByDataSource',
    { dataSource, apiId },
  );
