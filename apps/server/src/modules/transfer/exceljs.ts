import { createRequire } from 'node:module';

/**
 * ExcelJS, with one fix: its streaming reader (lib/utils/parse-sax.js, 4.4.0) decodes each zip chunk on its
 * own, so a Chinese character split across two chunks turns into U+FFFD ("���责"). The module is replaced,
 * before ExcelJS loads it, by the same parser fed through one streaming TextDecoder. Import ExcelJS from here.
 */
const require = createRequire(import.meta.url);
const parseSaxPath = require.resolve('exceljs/lib/utils/parse-sax.js');
const fromExcelJS = createRequire(parseSaxPath);

if (!require.cache[parseSaxPath]) {
  const { SaxesParser } = fromExcelJS('saxes') as { SaxesParser: new () => { on: (e: string, f: (v: unknown) => void) => void; write: (s: string) => void } };
  type SaxEvent = { eventType: string; value: unknown };
  async function* parseSax(iterable: AsyncIterable<Buffer | string> & { pipe?: unknown }): AsyncGenerator<SaxEvent[]> {
    const parser = new SaxesParser();
    const decoder = new TextDecoder('utf-8');
    let error: unknown = null;
    parser.on('error', (err) => (error = err));
    let events: SaxEvent[] = [];
    parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }));
    parser.on('text', (value) => events.push({ eventType: 'text', value }));
    parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }));
    const feed = (text: string) => {
      parser.write(text);
      if (error) throw error;
      const out = events;
      events = [];
      return out;
    };
    for await (const chunk of iterable) yield feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    const rest = decoder.decode();
    if (rest) yield feed(rest);
  }
  require.cache[parseSaxPath] = { id: parseSaxPath, filename: parseSaxPath, loaded: true, exports: parseSax } as unknown as NodeJS.Module;
}

export const ExcelJS = require('exceljs') as typeof import('exceljs');
