// `/` with its first screen painted by the server (ADR 0061): the web app's scripts, which the server lists on this
// element, are asked for once that screen has painted, so they do not share a slow network with its style sheets.
// The page's first frame runs the animation frame; a tab opened in the background starts them within a second.
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
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
}
