/**
 * Writes a tiny MaxMind DB (the .mmdb format GeoLite2/GeoIP2 files use) for
 * tests: IPv4, 24-bit records, one network mapped to a country. Enough for
 * maxmind's reader to answer like a real country database.
 * Format: https://maxmind.github.io/MaxMind-DB/
 */
const str = (s: string) => {
  const bytes = Buffer.from(s, "utf8");
  if (bytes.length >= 29) throw new Error("short strings only");
  return Buffer.concat([Buffer.from([(2 << 5) | bytes.length]), bytes]);
};
const uint = (type: 5 | 6, value: number) => {
  const size = type === 5 ? 2 : 4;
  const out = Buffer.alloc(size);
  out.writeUIntBE(value, 0, size);
  return Buffer.concat([Buffer.from([(type << 5) | size]), out]);
};
const uint64 = (value: number) => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(value));
  return Buffer.concat([Buffer.from([8, 9 - 7]), out]);
};
const map = (entries: [string, Buffer][]) =>
  Buffer.concat([
    Buffer.from([(7 << 5) | entries.length]),
    ...entries.flatMap(([k, v]) => [str(k), v]),
  ]);
const array = (items: Buffer[]) => Buffer.concat([Buffer.from([items.length, 11 - 7]), ...items]);

/** An .mmdb file in which `network` (e.g. "81.2.69.0/24") is in `isoCode`. */
export function countryDatabase(network: string, isoCode: string): Buffer {
  const [address, bits] = network.split("/") as [string, string];
  const prefix = Number(bits);
  const ip = address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
  const nodeCount = prefix;
  const dataRecord = nodeCount + 16; // the first (only) record of the data section
  const tree = Buffer.alloc(nodeCount * 6);
  for (let i = 0; i < nodeCount; i++) {
    const bit = Math.floor(ip / 2 ** (31 - i)) % 2;
    const next = i === nodeCount - 1 ? dataRecord : i + 1;
    // A record equal to node_count means "no data".
    tree.writeUIntBE(bit === 0 ? next : nodeCount, i * 6, 3);
    tree.writeUIntBE(bit === 1 ? next : nodeCount, i * 6 + 3, 3);
  }
  const data = map([["country", map([["iso_code", str(isoCode)]])]]);
  const metadata = map([
    ["node_count", uint(6, nodeCount)],
    ["record_size", uint(5, 24)],
    ["ip_version", uint(5, 4)],
    ["database_type", str("Test-Country")],
    ["languages", array([str("en")])],
    ["binary_format_major_version", uint(5, 2)],
    ["binary_format_minor_version", uint(5, 0)],
    ["build_epoch", uint64(1_700_000_000)],
    ["description", map([["en", str("Test country database")]])],
  ]);
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    data,
    Buffer.from("ABCDEF4D61784D696E642E636F6D", "hex"),
    metadata,
  ]);
}
