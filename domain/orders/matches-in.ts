// The matches of a global pattern in [from, to) of a text, with their offsets in the whole text. The
// search reads only that stretch (and the character before it, so that a look-behind sees what precedes
// the stretch): readers call this for many small stretches of a long document.
const searches = new WeakMap<RegExp, RegExp>();

export function matchesIn(pattern: RegExp, text: string, from: number, to: number): RegExpExecArray[] {
  const start = Math.max(0, from - 1);
  const slice = text.slice(start, to);
  const found: RegExpExecArray[] = [];
  let search = searches.get(pattern);
  if (!search) {
    search = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    searches.set(pattern, search);
  }
  search.lastIndex = from - start;
  for (let m = search.exec(slice); m; m = search.exec(slice)) {
    if (m[0].length === 0) search.lastIndex++;
    if (m.index < from - start) continue;
    m.index += start;
    found.push(m);
  }
  return found;
}
