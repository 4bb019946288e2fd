import { describe, expect, it } from 'vitest';
import { isInternalAddress } from './trust-proxy.ts';

describe('isInternalAddress', () => {
  it('takes loopback and private networks, in both IP versions and the IPv4-mapped form', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.16.0.1', '172.31.255.254', '192.168.1.20', '::1', 'fd12:3456::1', '::ffff:10.1.2.3', '::FFFF:127.0.0.1']) {
      expect(isInternalAddress(ip), ip).toBe(true);
    }
  });

  it('refuses public addresses, the edges of the private ranges, and what is not an address', () => {
    for (const ip of [
      '203.0.113.7',
      '8.8.8.8',
      '172.15.255.255',
      '172.32.0.1',
      '192.169.0.1',
      '11.0.0.1',
      '2001:db8::1',
      '::ffff:8.8.8.8',
      'fe80::1',
      '',
      'localhost',
      '10.0.0.1, 8.8.8.8',
    ]) {
      expect(isInternalAddress(ip), ip).toBe(false);
    }
  });
});
