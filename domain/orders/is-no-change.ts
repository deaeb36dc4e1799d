// "No change": how a FRAGORD (or a WARNO) says a paragraph or a unit's tasks stay as they were.
const NO_CHANGE = /^(?:no change|no changes|unchanged|nc|n\/c)\.?$/i;

export function isNoChange(text: string): boolean {
  return NO_CHANGE.test(text.trim());
}
