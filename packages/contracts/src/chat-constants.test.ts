import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_TRANSFER_HELPER_ID, sortChatList } from './chat-constants.ts';

const entry = (
  id: string,
  timeSend: string | null,
  openTopChatTime: string | null = null,
  mpType: number | null = 0,
) => ({
  id,
  mpType,
  openTopChatTime,
  timeSend,
});

describe('sortChatList (4.1)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts pinned contacts first (latest pin first), then the rest by last message, newest first', () => {
    const list = [
      entry('old', '2026-11-20T08:00:00.000Z'),
      entry('none', null),
      entry('pinned-early', '2026-11-01T08:00:00.000Z', '2026-11-02T08:00:00.000Z'),
      entry('new', '2026-11-28T09:30:00.000Z'),
      entry('pinned-late', '2026-10-01T08:00:00.000Z', '2026-11-03T08:00:00.000Z'),
      entry('same-a', '2026-11-25T08:00:00.000Z'),
      entry('same-b', '2026-11-25T08:00:00.000Z'),
      entry('dropped', '2026-11-28T10:00:00.000Z', null, null),
      entry(FILE_TRANSFER_HELPER_ID, '2026-11-21T08:00:00.000Z', null, null),
    ];
    expect(sortChatList(list).map((e) => e.id)).toEqual([
      'pinned-late',
      'pinned-early',
      'new',
      'same-a',
      'same-b',
      FILE_TRANSFER_HELPER_ID,
      'old',
      'none',
    ]);
  });

  it('compares the times as strings, without a locale collator (the first one costs a page 10+ ms, issue 10)', () => {
    const collate = vi.spyOn(String.prototype, 'localeCompare');
    sortChatList([entry('a', '2026-11-20T08:00:00.000Z'), entry('b', '2026-11-21T08:00:00.000Z')]);
    expect(collate).not.toHaveBeenCalled();
  });
});
