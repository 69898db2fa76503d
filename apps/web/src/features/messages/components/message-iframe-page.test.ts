import { describe, expect, it } from 'vitest';
import { embeddableUrl } from './message-iframe-page.tsx';

describe('/home/messageIfrm', () => {
  it('embeds pages of this site and http(s) pages only', () => {
    expect(embeddableUrl('/generalDetailsTow?id=n1')).toBe(`${window.location.origin}/generalDetailsTow?id=n1`);
    expect(embeddableUrl('https://jwc.example.edu.cn/notice/1')).toBe('https://jwc.example.edu.cn/notice/1');
    expect(embeddableUrl('javascript:alert(1)')).toBeNull();
    expect(embeddableUrl(null)).toBeNull();
  });
});
