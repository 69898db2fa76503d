// A logged-in page (`/home/…`, ADR 0076): the page-wide watermark (section 1, 9) is painted from the stored session
// before the web app's scripts are asked for, then the scripts, which the server lists on this element. The watermark
// is the largest thing on such a page's first screen; React's first render replaces it inside `#root` with the shell's
// own (components/watermark.tsx: the same cells, text and sizes; a test holds the two to the same values).
{
  const list = (document.currentScript?.dataset.scripts ?? '').split(' ').filter((src) => /^\/assets\/[\w.-]+\.js$/.test(src));
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The entry last, as index.html had it: each part before it preloaded, the entry run.
    for (const src of list.slice(1)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = src;
      document.head.append(link);
    }
    if (!list[0]) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = list[0];
    document.head.append(script);
  };

  // The session as secure-storage.ts stores it: `v1.` + base64(iv ‖ AES-GCM), the slot's name as additional data, the
  // key a non-extractable CryptoKey in IndexedDB (`portal-keys`/`keys`, id `session`), the value behind a 10-digit
  // length. Nothing is written: a browser without the key store is left without one (idb-keyval makes it later).
  const SLOT = 'portal.session';
  const sessionKey = () =>
    new Promise((resolve) => {
      const opening = indexedDB.open('portal-keys');
      opening.onupgradeneeded = () => opening.transaction?.abort();
      opening.onerror = () => resolve(null);
      opening.onblocked = () => resolve(null);
      opening.onsuccess = () => {
        const db = opening.result;
        try {
          const read = db.transaction('keys', 'readonly').objectStore('keys').get('session');
          read.onsuccess = () => resolve(read.result ?? null);
          read.onerror = () => resolve(null);
        } catch {
          resolve(null);
        } finally {
          db.close();
        }
      };
    });
  const storedSession = async () => {
    const stored = localStorage.getItem(SLOT);
    if (!stored?.startsWith('v1.')) return null;
    const key = await sessionKey();
    if (!key) return null;
    // The browser's own base64 codec where it has one (lib/encoding/base64.ts): a string's characters mapped one by one
    // took 20 ms of a throttled phone's main thread.
    const bytes = Uint8Array.fromBase64
      ? Uint8Array.fromBase64(stored.slice(3))
      : Uint8Array.from(atob(stored.slice(3)), (c) => c.charCodeAt(0));
    const plain = new TextDecoder().decode(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData: new TextEncoder().encode(SLOT) },
        key,
        bytes.subarray(12),
      ),
    );
    const length = Number(plain.slice(0, 10));
    return JSON.parse(plain.slice(10, 10 + length)).state ?? null;
  };

  // Today on the tenant's clock, as lib/time-zone.ts's tenantToday: the zones of almost every tenant by their fixed
  // offset (no formatter: the first one with a time zone costs a phone's main thread hundreds of milliseconds).
  const FIXED = {
    'Asia/Shanghai': 480,
    'Asia/Urumqi': 360,
    'Asia/Hong_Kong': 480,
    'Asia/Macau': 480,
    'Asia/Taipei': 480,
    'Asia/Singapore': 480,
    'Asia/Tokyo': 540,
    'Asia/Seoul': 540,
    UTC: 0,
    'Etc/UTC': 0,
  };
  const today = (zone) => {
    const minutes = FIXED[zone ?? 'Asia/Shanghai'];
    if (minutes !== undefined) return new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 10);
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  };

  // components/watermark.tsx's layer, cell and text.
  const WATERMARK = { cellWidth: 420, cellHeight: 240, fontSize: 32, rotation: 15, color: 'rgba(0, 0, 0, 0.06)' };
  const paint = (lines) => {
    const root = document.getElementById('root');
    if (!root) return null;
    const columns = Math.ceil(window.innerWidth / WATERMARK.cellWidth) + 1;
    const rows = Math.ceil(window.innerHeight / WATERMARK.cellHeight) + 1;
    const layer = document.createElement('div');
    layer.setAttribute('aria-hidden', 'true');
    layer.dataset.bootWatermark = '';
    layer.style.cssText = `position: fixed; inset: 0; z-index: 999; pointer-events: none; overflow: hidden; display: grid; grid-template-columns: repeat(${columns}, ${WATERMARK.cellWidth}px); grid-auto-rows: ${WATERMARK.cellHeight}px; user-select: none;`;
    const cellStyle = `font-size: ${WATERMARK.fontSize}px; line-height: 1.3; color: ${WATERMARK.color}; transform: rotate(-${WATERMARK.rotation}deg); white-space: nowrap; display: flex; flex-direction: column; justify-content: center;`;
    for (let i = 0; i < columns * rows; i++) {
      const cell = document.createElement('div');
      cell.style.cssText = cellStyle;
      for (const line of lines) cell.append(Object.assign(document.createElement('span'), { textContent: line }));
      layer.append(cell);
    }
    root.append(layer);
    return layer;
  };

  // The scripts are asked for once the watermark is on the screen (the browser's largest-paint entry for it comes once
  // its frame is shown; without largest-paint timing, the task after its frame), or at once when there is no watermark
  // to show; within a second whatever happens (a slow key store, a tab in the background).
  const afterPainted = (layer) => {
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint'))
      return requestAnimationFrame(() => setTimeout(start, 0));
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntries().some((entry) => layer.contains(entry.element))) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  };
  setTimeout(start, 1000);
  storedSession()
    .then((state) => {
      const user = state?.token ? state.user : null;
      const layer = user && paint([`${user.user_name} ${user.account}`, `${user.user_id} ${today(user.timeZone)}`]);
      if (layer) afterPainted(layer);
      else start();
    })
    .catch(start);
}
