// `/` with its first screen painted by the server (ADR 0061): the web app's scripts, which the server lists on this
// element, are asked for once that screen has painted, so they do not share a slow network with its style sheets.
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
  // Once the browser has shown the first contentful paint (its entry comes when the frame is on the screen, after the
  // frame's own tasks); a browser without paint timing, or a tab in the background, starts them within a second.
  if (PerformanceObserver.supportedEntryTypes?.includes('paint'))
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
}
