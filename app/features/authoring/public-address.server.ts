/**
 * Which addresses an outbound request may go to (metadata.server.ts): public
 * ones only — no loopback, private, link-local (cloud metadata lives at
 * 169.254.169.254), CGNAT, multicast, unspecified, IPv6 ULA, nor the IPv6
 * forms that carry one of those IPv4 addresses.
 */
import { isIP } from "node:net";

function ipv4ToInt(ip: string): number {
  return ip.split(".").reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

const V4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8], // "this" network, unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 read as two), or null. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/^\[|\]$/g, "");
  if (text.includes("%")) return null; // a zone: a local interface
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    if (isIP(dotted[2]!) !== 4) return null;
    const n = ipv4ToInt(dotted[2]!);
    text = `${dotted[1]}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 form carries, judged instead of the IPv6 one:
 * IPv4-compatible ::/96 (::1 and :: included: 0.0.0.1 and 0.0.0.0 are
 * refused), IPv4-mapped ::ffff:0:0/96, IPv4-translated ::ffff:0:0:0/96, NAT64
 * 64:ff9b::/96 and 6to4 2002::/16. Undefined when the address carries none.
 */
export function embeddedIpv4(g: number[]): string | undefined {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 6)) return v4Of(g[6]!, g[7]!);
  if (zero(0, 5) && g[5] === 0xffff) return v4Of(g[6]!, g[7]!);
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return v4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4Of(g[1]!, g[2]!);
  return undefined;
}

/** Whether an outbound request may go to this address. */
export function isPublicAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) {
    const n = ipv4ToInt(address);
    return !V4_BLOCKED.some(([base, bits]) => {
      const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
      return (n & mask) === (ipv4ToInt(base) & mask);
    });
  }
  if (kind === 6) {
    const groups = ipv6Groups(address);
    if (!groups) return false;
    const v4 = embeddedIpv4(groups);
    if (v4 !== undefined) return v4 !== null && isPublicAddress(v4);
    const [first = 0, second = 0] = groups;
    if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
    if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
    if ((first & 0xffc0) === 0xfec0) return false; // site-local (deprecated)
    if ((first & 0xff00) === 0xff00) return false; // multicast
    if (first === 0x0064 && second === 0xff9b) return false; // NAT64 local-use 64:ff9b:1::/48
    if (first === 0x2001 && second === 0x0db8) return false; // documentation
    if (first === 0x2001 && second === 0x0000) return false; // Teredo: a tunnel to any IPv4
    if (first === 0x0100 && groups.slice(1, 4).every((g) => g === 0)) return false; // discard
    return true;
  }
  return false;
}
