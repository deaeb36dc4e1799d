/**
 * Breaks text into lines of at most maxChars characters at spaces (a longer word is cut), so the
 * marginalia can size boxes without font metrics: DejaVu Sans averages about 0.6 em per character.
 */
export function wrapText(text: string, maxChars: number): string[] {
  const limit = Math.max(1, Math.floor(maxChars));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w)) {
    let rest = word;
    while (rest.length > limit) {
      if (line) lines.push(line);
      line = '';
      lines.push(rest.slice(0, limit));
      rest = rest.slice(limit);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= limit) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}
