// The RF coverage sheet's legend against its background: the relief under the result is grey
// (hillshadeRgba, lightened 0.6 for analysis sheets) and the paper white where there is no data or
// the result was not computed, so no legend class may be a grey — "below sensitivity" once equalled
// the flat-ground grey exactly.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resultRasterLegend } from '../../../domain/generated-map/result-raster-legend.ts';
import { hillshadeRgba } from '../../../domain/generated-map/face-rasters.ts';
import { BELOW_SENSITIVITY_RGBA } from '../../../domain/analysis-job/raster-result-tiles.ts';

/** rgba(r, g, b, a) as the legend writes it → [r, g, b, alpha 0–1]. */
function parseRgba(css: string): [number, number, number, number] {
  const m = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(css);
  assert.ok(m, `not an rgba() colour: ${css}`);
  return [Number(m![1]), Number(m![2]), Number(m![3]), Number(m![4])];
}
const over = ([r, g, b, a]: number[], grey: number) => [r!, g!, b!].map((v) => Math.round(v * a! + grey * (1 - a!)));
const chroma = (rgb: number[]) => Math.max(...rgb) - Math.min(...rgb);

// Every background grey an analysis sheet shows: the lightened relief from full shadow to full light, and the paper.
const shades = Float32Array.from({ length: 101 }, (_, i) => i / 100);
const relief = hillshadeRgba(shades, 0.6);
const backgrounds = [...new Set([...Array.from({ length: 101 }, (_, i) => relief[i * 4]!), 255])];

test('RF coverage: no legend class shares a background colour, on the legend (over paper) or on the face (over relief)', () => {
  const legend = resultRasterLegend('rf_coverage');
  assert.is(legend[0]!.label, 'Below receiver sensitivity');
  for (const entry of legend) {
    const colour = parseRgba(entry.colour);
    for (const grey of backgrounds) {
      const seen = over(colour, grey);
      assert.ok(chroma(seen) >= 20, `${entry.label} over grey ${grey} is ${seen}: a grey like the background`);
    }
  }
});

test('below sensitivity on the face (the display tiles’ own colour) is distinct from the relief beside it', () => {
  const [r, g, b, a] = BELOW_SENSITIVITY_RGBA;
  for (const grey of backgrounds) {
    const seen = over([r, g, b, a / 255], grey);
    assert.ok(
      backgrounds.every((bg) => Math.hypot(...seen.map((v) => v - bg)) >= 20),
      `below sensitivity over ${grey}: ${seen}`,
    );
  }
});

test.run();
