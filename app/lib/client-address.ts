import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a throttle counts a client address under: an IPv4 address as it is; an IPv6 address by its /64 network
 * (`2001:db8:1:2::/64`). A subscriber is usually given a whole /64 (or more) and can pick any of its 2^64
 * addresses, so keying by the full address would give them that many fresh limits. IPv4 addresses written as
 * IPv6 (`::ffff:192.0.2.1`, how a dual-stack socket reports them) count as the IPv4 address.
 */
export function throttleKeyOf(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, "$1");
  if (isIPv4(bare)) return bare;
  const withoutZone = bare.replace(/%.*$/, "");
  if (!isIPv6(withoutZone)) return bare.slice(0, 100);
  const groups = expandIPv6(withoutZone.toLowerCase());
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups). */
function expandIPv6(address: string): number[] {
  let text = address;
  const tail = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number);
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((group) => parseInt(group, 16)) : []);
  const before = part(head);
  const after = part(rest);
  const zeros = rest === undefined ? [] : new Array<number>(8 - before.length - after.length).fill(0);
  return [...before, ...zeros, ...after];
}
