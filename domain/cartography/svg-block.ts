// A piece of marginalia: SVG drawn from (0, 0) at a given width, and the height it takes. The layout
// stacks blocks in the margin panel by their heights; the overlay translates each into place.

export interface SvgBlock {
  svg: string;
  height: number;
}

/** The one font of the marginalia (Debian fonts-dejavu-core), with librsvg's generic fallback. */
export const MAP_FONT = "'DejaVu Sans', sans-serif";

/** Average DejaVu Sans advance per character, in em, used to wrap text without font metrics (bold ≈ 0.68). */
export const AVERAGE_CHAR_EM = 0.62;

/** Pixel numbers printed into SVG: two decimals, no exponent, so the same input gives the same bytes. */
export const px = (value: number): string => String(Math.round(value * 100) / 100);
