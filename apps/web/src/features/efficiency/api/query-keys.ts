/** The one query-key factory of efficiency supervision (issue 15): every report under `all`, by call and filter. */
export const efficiencyKeys = {
  all: ['efficiency'] as const,
  call: (path: string, body: object = {}) => [...efficiencyKeys.all, path, body] as const,
};
