import { describe, expect, it } from 'vitest';
import { allowHostOf, normalizeAllowHosts } from './allow-host.ts';

describe('outbound allow-list hosts', () => {
  it('keeps the host of a url, host:port, bracketed IPv6, and refuses what is not a host', () => {
    expect(allowHostOf(' API.Intranet.demo.edu.cn ')).toBe('api.intranet.demo.edu.cn');
    expect(allowHostOf('http://10.0.0.5:8080/list?x=1')).toBe('10.0.0.5');
    expect(allowHostOf('10.0.0.5:8080')).toBe('10.0.0.5');
    expect(allowHostOf('intranet.demo.edu.cn/api')).toBe('intranet.demo.edu.cn');
    expect(allowHostOf('[fd00::1]:8443')).toBe('fd00::1');
    expect(allowHostOf('http://[::1]/')).toBe('::1');
    expect(allowHostOf('fd00::1')).toBe('fd00::1');
    for (const bad of ['', '   ', 'bad host', 'a_b!', '.demo.edu.cn', 'http://'])
      expect(allowHostOf(bad), bad).toBeNull();
  });

  it('deduplicates and sets apart the entries that are not hosts', () => {
    expect(normalizeAllowHosts(['10.0.0.5', 'http://10.0.0.5:80/', 'Demo.edu.cn', 'no way'])).toEqual({
      hosts: ['10.0.0.5', 'demo.edu.cn'],
      invalid: ['no way'],
    });
  });
});
