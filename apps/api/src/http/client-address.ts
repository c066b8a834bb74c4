import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail included). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail?.[1]) {
    const bytes = v4Tail[1].split('.').map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = `${text.slice(0, -v4Tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const missing = 8 - front.length - back.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...front, ...Array<number>(missing).fill(0), ...back];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** An IPv4 address written inside IPv6 (`::ffff:203.0.113.7`), as plain IPv4; else null. */
function mappedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 || g1 || g2 || g3 || g4 || g5 !== 0xffff) return null;
  return `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
}

/**
 * Who a per-address limit counts: an IPv4 address as is, an IPv6 address by its /64. One
 * subscriber gets a whole /64 (RFC 6177), so counting single IPv6 addresses lets one person
 * rotate through 2^64 of them past any limit (issue 27: 75 addresses of one /64, no 429).
 */
export function rateLimitAddress(ip: string): string {
  if (!net.isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const v4 = mappedIpv4(groups);
  if (v4) return v4;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The caller's network as a log line may name it: an IPv4 /24 or an IPv6 /64, never the host. */
export function addressPrefix(ip: string): string {
  const counted = rateLimitAddress(ip);
  if (counted.endsWith('/64')) return counted;
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(counted);
  return v4 ? `${v4[1]}.0/24` : 'desconhecido';
}
