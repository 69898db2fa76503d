/**
 * Query keys of data that more than one feature shows (issue 15). The feature that shows such data builds its key
 * from here, and a feature that changes the data invalidates the key here, so every view follows without the
 * features importing each other: collecting a service in the service hall left the personal center's favourites
 * and the home page's 我的收藏 stale.
 */
export const sharedQueryKeys = {
  /** The caller's favourites (serverCenter/myCollect; the personal center). */
  favourites: ['shared', 'favourites'] as const,
  /** The caller's own ratings (serverCenter/myRates; the personal center). */
  ownRatings: ['shared', 'ownRatings'] as const,
  /** The home page's cards with their data for the caller (cardcolumnconfig/getConfig; 我的收藏, 为你推荐 …). */
  homeCards: ['workbench', 'card'] as const,
  /**
   * The signed-in user (blade-user user/getUserInfo) under the token it was asked with: the route guard checks the
   * token with it, the personal center shows it; one key, so both read one answer.
   */
  user: (token: string | null) => ['shared', 'user', token] as const,
};

/** What collecting or rating a service changes besides the feature's own lists. */
export const afterServiceChange = {
  collect: [sharedQueryKeys.favourites, sharedQueryKeys.homeCards],
  // The favourites show each service's rating too.
  rate: [sharedQueryKeys.ownRatings, sharedQueryKeys.favourites, sharedQueryKeys.homeCards],
} as const;
