/**
 * 4.3 on a 401: which dialog opens. A 401 clears the cached ticket; if that ticket's CAS session has ended
 * (no time left), the session is over and the forced re-login dialog opens, as for an expiry found by the
 * periodic check; otherwise only the token was refused and the session-expired dialog opens. A burst of 401s
 * (every call of a page at once) asks once and all of them get the same answer.
 */
export type SessionDialog = 'expired' | 'forced';

export function createUnauthorizedClassifier(
  getSessionValidTime: (casTicket: string) => Promise<{ validTime: number }>,
) {
  let pending: Promise<SessionDialog> | null = null;
  return (clearedTicket: unknown): Promise<SessionDialog> => {
    if (pending) return pending;
    if (typeof clearedTicket !== 'string' || !clearedTicket) return Promise.resolve('expired');
    pending = getSessionValidTime(clearedTicket)
      .then((r): SessionDialog => (r.validTime <= 0 ? 'forced' : 'expired'))
      .catch((): SessionDialog => 'expired')
      .finally(() => {
        // Answers stay shared for the burst only; a later 401 asks again.
        setTimeout(() => {
          pending = null;
        }, 1_000);
      });
    return pending;
  };
}
