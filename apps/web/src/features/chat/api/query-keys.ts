/** The one query-key factory of instant messaging (issue 15). */
export const chatKeys = {
  all: ['chat'] as const,
  privacy: () => [...chatKeys.all, 'privacy'] as const,
  groups: () => [...chatKeys.all, 'groups'] as const,
  groupMembers: (groupId: string) => [...chatKeys.all, 'groupMembers', groupId] as const,
  readers: (messageId: string) => [...chatKeys.all, 'readers', messageId] as const,
  fileLink: (objectId: string) => [...chatKeys.all, 'fileLink', objectId] as const,
  partner: (userId: string) => [...chatKeys.all, 'partner', userId] as const,
  people: (keyword: string) => [...chatKeys.all, 'people', keyword] as const,
};
