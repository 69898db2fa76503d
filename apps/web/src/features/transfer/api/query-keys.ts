/** The one query-key factory of the transfer feature (bulk import and export, 7.10; the catalogue's data page). */
export const transferKeys = {
  all: ['transfer'] as const,
  exportFields: (fieldsUrl: string) => [...transferKeys.all, 'fields', fieldsUrl] as const,
  exportCount: (countUrl: string, body: object) => [...transferKeys.all, 'count', countUrl, body] as const,
  dictionary: (url: string, method: string) => [...transferKeys.all, 'dict', url, method] as const,
  catalogue: () => [...transferKeys.all, 'catalogue'] as const,
  cataloguePage: (q: object) => [...transferKeys.catalogue(), 'page', q] as const,
};
