// Latitude and longitude written with hemisphere letters, as positions [lon, lat]: decimal degrees
// ("50.5603N 9.7553E", "N50.5603 E9.7553", a degree sign or a decimal point required), degrees,
// minutes and seconds ("50°33'37\"N 9°45'19\"E") and the compact form of messages ("503337N0094519E",
// "5033N00945E"). Values out of range are not positions.
import type { Located } from './located.ts';
import type { Position } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { sourceOf } from './source-of.ts';

const DEC = String.raw`(\d{1,3}(?:\.\d+°?|°))`;
const DMS = (d: string) => String.raw`(${d})°[ \t]?(\d{1,2})['′][ \t]?(?:(\d{1,2}(?:\.\d+)?)["″][ \t]?)?`;
const SEP = String.raw`[ \t]*[,/]?[ \t]*`;
const FORMS: readonly { pattern: RegExp; read: (m: RegExpExecArray) => [number, number] }[] = [
  {
    pattern: new RegExp(String.raw`(?<![\w.])${DEC}[ \t]?([NS])${SEP}${DEC}[ \t]?([EW])(?![\w])`, 'gi'),
    read: (m) => [sign(m[4]!) * deg(m[3]!), sign(m[2]!) * deg(m[1]!)],
  },
  {
    pattern: new RegExp(String.raw`(?<![\w.])([NS])[ \t]?${DEC}${SEP}([EW])[ \t]?${DEC}(?![\w])`, 'gi'),
    read: (m) => [sign(m[3]!) * deg(m[4]!), sign(m[1]!) * deg(m[2]!)],
  },
  {
    pattern: new RegExp(
      String.raw`(?<![\w.])${DMS(String.raw`\d{1,2}`)}([NS])${SEP}${DMS(String.raw`\d{1,3}`)}([EW])(?![\w])`,
      'gi',
    ),
    read: (m) => [sign(m[8]!) * dms(m[5]!, m[6]!, m[7]), sign(m[4]!) * dms(m[1]!, m[2]!, m[3])],
  },
  {
    pattern: /(?<![\w.])(\d{2})(\d{2})(\d{2}(?:\.\d+)?)?([NS])[ \t]?(\d{3})(\d{2})(\d{2}(?:\.\d+)?)?([EW])(?![\w])/gi,
    read: (m) => [sign(m[8]!) * dms(m[5]!, m[6]!, m[7]), sign(m[4]!) * dms(m[1]!, m[2]!, m[3])],
  },
];

const deg = (written: string) => Number(written.replace('°', ''));
const sign = (hemisphere: string) => (/[SW]/i.test(hemisphere) ? -1 : 1);
const dms = (d: string, m: string, s: string | undefined) =>
  Number(m) >= 60 || Number(s ?? 0) >= 60 ? NaN : Number(d) + Number(m) / 60 + Number(s ?? 0) / 3600;

export function findLatLonReferences(order: OrderText, from: number, to: number): Located<Position>[] {
  const found: Located<Position>[] = [];
  const slice = order.text.slice(from, to);
  for (const { pattern, read } of FORMS) {
    for (const m of slice.matchAll(new RegExp(pattern.source, pattern.flags))) {
      const [lon, lat] = read(m as RegExpExecArray);
      if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) continue;
      const start = from + m.index;
      const end = start + m[0].length;
      if (found.some((f) => f.start < end && start < f.end)) continue;
      const source = sourceOf(order, start, end);
      if (!source) continue;
      const value: Position = { reference: m[0], system: 'lat_lon', lon_lat: [lon, lat], precision_m: null, source };
      found.push({ value, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
