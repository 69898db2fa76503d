import { useEffect, useState } from 'react';

/**
 * False on the first render, true right after the whole tree has mounted (a macrotask later). Queries of the
 * home page and shell wait for it, so the session root's own first calls (the CAS session check) leave first
 * and a page full of card requests does not crowd them out.
 */
export function useAfterMount(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(id);
  }, []);
  return ready;
}
