// A range of one kind of quantity as a person reads it (the rule of each kind: format-quantity.ts).
// An en dash between two non-negative ends that share their unit (`12–85 m`); "to" when an end is
// negative, where a dash would run into the minus (`-50 to -26 m`, not `-50–-26 m`), and when the ends
// are written in different units (`850 m to 1.2 km`); one value when both ends read the same.
import { formatQuantity, type QuantityKind } from './format-quantity.ts';

/** The number and the unit of a formatted quantity (`-26 m` → `-26`, ` m`; `4.3°` → `4.3`, `°`). */
function split(text: string): [string, string] {
  const match = /^(-?[\d,.]+)(.*)$/.exec(text);
  return match ? [match[1]!, match[2]!] : [text, ''];
}

export function formatQuantityRange(min: number, max: number, kind: QuantityKind): string {
  const low = formatQuantity(min, kind);
  const high = formatQuantity(max, kind);
  if (low === high) return low;
  const [lowNumber, lowUnit] = split(low);
  const [highNumber, highUnit] = split(high);
  if (lowUnit !== highUnit) return `${low} to ${high}`;
  const negative = lowNumber.startsWith('-') || highNumber.startsWith('-');
  return negative ? `${lowNumber} to ${highNumber}${highUnit}` : `${lowNumber}–${highNumber}${highUnit}`;
}
