import { isIPv4, isIPv6 } from 'node:net'

/** The eight groups of an IPv6 address (an embedded IPv4 tail becomes the last two). */
function ipv6Groups(address: string): number[] {
  let text = address
  const lastColon = text.lastIndexOf(':')
  const tail = text.slice(lastColon + 1)
  if (isIPv4(tail)) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number)
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', rest] = text.split('::')
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)))
  const left = parse(head)
  const right = rest === undefined ? [] : parse(rest)
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/**
 * What per-address limits count a client by. An IPv4 address is one client; an IPv6 network hands
 * each home or server a whole /64, whose addresses its owner may switch between at will, so the
 * /64 is one client (written `2001:db8:0:1::/64`). An IPv4 address mapped into IPv6 is the IPv4 one.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip
  if (!isIPv6(address)) return address
  const groups = ipv6Groups(address)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
