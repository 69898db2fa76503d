import { queryOptions, useQuery } from '@tanstack/react-query';
import { cachedDictionary } from '../lib/dict-cache.ts';
import { transferKeys } from './query-keys.ts';
import { getDictionary, getExportCount, getExportFields, type TransferUrls } from './transfer-urls.ts';

/**
 * Query options and hooks of the reads behind the import and export dialogs. Their URLs are configured per use
 * (7.10, `TransferUrls`), so the fetchers stay together in transfer-urls.ts and the keys carry the URL.
 */
type CountBody = Parameters<typeof getExportCount>[1];

export const exportFieldsQueryOptions = (u: TransferUrls) =>
  queryOptions({ queryKey: transferKeys.exportFields(u.fields), queryFn: () => getExportFields(u) });
export const useExportFields = (u: TransferUrls) => useQuery(exportFieldsQueryOptions(u));

export const exportCountQueryOptions = (u: TransferUrls, body: CountBody) =>
  queryOptions({ queryKey: transferKeys.exportCount(u.count, body), queryFn: () => getExportCount(u, body) });
export const useExportCount = (u: TransferUrls, body: CountBody) => useQuery(exportCountQueryOptions(u, body));

/** Dictionary options, kept for 5 minutes by URL and method besides the query cache (section 9). */
export const dictionaryQueryOptions = (url: string, method: 'GET' | 'POST') =>
  queryOptions({
    queryKey: transferKeys.dictionary(url, method),
    queryFn: () => cachedDictionary(`${method} ${url}`, () => getDictionary(url, method)),
  });
export const useDictionary = (url: string, method: 'GET' | 'POST') => useQuery(dictionaryQueryOptions(url, method));
