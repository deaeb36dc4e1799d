import type { LegendEntry } from '../cartography/map-composition.ts';
import {
  BELOW_SENSITIVITY_RGBA,
  HIDDEN_RGBA,
  RF_DISPLAY_RANGE_DB,
  VISIBLE_RGBA,
} from '../analysis-job/raster-result-tiles.ts';
import { rgbaCss } from './map-symbols.ts';
import { formatQuantity } from '../shared/format-quantity.ts';

/**
 * Legend of a raster result's display colours (raster-result-tiles.ts): viewshed visible / hidden;
 * RF coverage below the receiver's sensitivity, then the ramp from the sensitivity (yellow) to
 * RF_DISPLAY_RANGE_DB above it (red).
 */
export function resultRasterLegend(analysisType: 'viewshed' | 'rf_coverage'): LegendEntry[] {
  if (analysisType === 'viewshed') {
    return [
      { label: 'Visible', symbol: 'fill', colour: rgbaCss(VISIBLE_RGBA) },
      { label: 'Not visible', symbol: 'fill', colour: rgbaCss(HIDDEN_RGBA) },
    ];
  }
  const db = (level: number) => formatQuantity(level, 'decibel');
  const level = (above: number) => {
    const t = Math.min(1, above / RF_DISPLAY_RANGE_DB);
    return rgbaCss([255, Math.round(255 * (1 - t)), 0, 170]);
  };
  return [
    { label: 'Below receiver sensitivity', symbol: 'fill', colour: rgbaCss(BELOW_SENSITIVITY_RGBA) },
    { label: `Sensitivity to +${db(10)}`, symbol: 'fill', colour: level(0) },
    { label: `+${db(RF_DISPLAY_RANGE_DB / 2)}`, symbol: 'fill', colour: level(RF_DISPLAY_RANGE_DB / 2) },
    { label: `+${db(RF_DISPLAY_RANGE_DB)} and more`, symbol: 'fill', colour: level(RF_DISPLAY_RANGE_DB) },
  ];
}
