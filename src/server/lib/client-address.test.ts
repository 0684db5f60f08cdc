import { describe, expect, it } from 'vitest'
import { addressKey } from './client-address.ts'

describe('addressKey', () => {
  it('counts an IPv4 address as itself', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7')
  })

  it('counts every IPv6 address of a /64 as one, however it is written', () => {
    const keys = ['2001:db8:7:1::1', '2001:0db8:0007:0001:ffff:ffff:ffff:fffe', '2001:DB8:7:1:0:0:0:9', 'fe80::1%eth0'].map(addressKey)
    expect(keys).toEqual(['2001:db8:7:1::/64', '2001:db8:7:1::/64', '2001:db8:7:1::/64', 'fe80:0:0:0::/64'])
    expect(addressKey('2001:db8:7:2::1')).toBe('2001:db8:7:2::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64')
  })

  it('counts an IPv4 address mapped into IPv6 as the IPv4 one', () => {
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(addressKey('::ffff:c633:6407')).toBe('198.51.100.7')
  })
})
