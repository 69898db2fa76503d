import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from './download.ts';

describe('saveBlob', () => {
  afterEach(() => vi.useRealTimers());

  it('clicks a link to the blob under its file name, leaves no link behind, and frees the URL later', () => {
    vi.useFakeTimers();
    const create = vi.fn(() => 'blob:portal/1');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveBlob(new Blob(['a,b']), '职责清单.xlsx');
    expect(clicked).toEqual([{ href: 'blob:portal/1', download: '职责清单.xlsx' }]);
    expect(document.querySelectorAll('a[download]').length).toBe(0);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(revoke).toHaveBeenCalledWith('blob:portal/1');
    click.mockRestore();
  });
});
