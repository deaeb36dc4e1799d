// ITM's building blocks against the intermediate values NTIA/ITS publishes in the unit tests of its
// reference implementation (github.com/NTIA/itm, tests/Test*.cpp): same inputs, same expected
// doubles, compared to 1e-12 relative (the reference asserts 4 ulps; our arithmetic is ordered
// slightly differently in places).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ItmPathState } from '../../domain/terrain-analysis/itm/diffraction-loss.ts';
import { diffractionLoss } from '../../domain/terrain-analysis/itm/diffraction-loss.ts';
import { findHorizons } from '../../domain/terrain-analysis/itm/find-horizons.ts';
import { inverseComplementaryCdf } from '../../domain/terrain-analysis/itm/inverse-complementary-cdf.ts';
import { lineOfSightLoss } from '../../domain/terrain-analysis/itm/line-of-sight-loss.ts';
import { pathGeometry } from '../../domain/terrain-analysis/itm/path-geometry.ts';
import { itmPathState } from '../../domain/terrain-analysis/itm/path-state.ts';
import { referenceAttenuation } from '../../domain/terrain-analysis/itm/reference-attenuation.ts';
import { smoothEarthDiffraction } from '../../domain/terrain-analysis/itm/smooth-earth-diffraction.ts';
import { terrainIrregularity } from '../../domain/terrain-analysis/itm/terrain-irregularity.ts';
import { attenuationFunction, troposcatterLoss } from '../../domain/terrain-analysis/itm/troposcatter-loss.ts';
import { variability, type VariabilityInput } from '../../domain/terrain-analysis/itm/variability.ts';
import { ITM_CLIMATES, type ItmWarning } from '../../domain/terrain-analysis/itm/itm-vocabulary.ts';

const close = (actual: number, expected: number, what = '') =>
  assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.abs(expected), `${what} ${actual} vs ${expected}`);

test('QuickPfl: horizons, Δh and effective heights of the 8-interval test profile (TestQuickPfl)', () => {
  const g = pathGeometry([1, 2, 3, 5, 3, 5, 3, 2, 1], 100, [6, 5], 1 / 7860e3);
  close(g.horizonAngles[0], -0.0011422640014581357, 'θ tx');
  close(g.horizonAngles[1], -0.0010153790362535343, 'θ rx');
  close(g.terrainIrregularity, 12.901387666337202, 'Δh');
  close(g.horizonDistances[0], 8764.4253963572828, 'd_hzn tx');
  close(g.horizonDistances[1], 7922.7879168398858, 'd_hzn rx');
  assert.equal(g.effectiveHeights, [6, 5]);
  assert.is(g.distance, 800);
});

test('FindHorizons: a symmetric ridge, equal horizons; one intermediate point, it (TestFindHorizons)', () => {
  const symmetric = findHorizons([0, 10, 20, 10, 0], 10, [5, 5], 6371000);
  assert.is(symmetric.angles[0], symmetric.angles[1]);
  assert.is(symmetric.distances[0], symmetric.distances[1]);
  const small = findHorizons([2, 10, 4], 10, [1, 5], 1e6);
  close(small.angles[0], (10 - 3) / 10 - 10 / 2e6);
  close(small.angles[1], -(9 - 10) / 10 - 10 / 2e6);
  assert.equal(small.distances, [10, 10]);
});

test('ComputeDeltaH: interpolated and sampled terrain, exact and inexact ends (TestComputeDeltaH)', () => {
  const short = [100, 1, 1, 1, 1, 1, 1, 1, 1, 100];
  close(terrainIrregularity(short, 10, 10, 90), 130.8008674199416);
  close(terrainIrregularity(short, 10, 15, 85), 41.63968382819224);
  const long = [
    100, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 2, 2, 2, 100,
  ];
  close(terrainIrregularity(long, 10, 10, 320), 5.5481498660992807);
  close(terrainIrregularity(long, 10, 15, 315), 5.4395216034312366);
  assert.is(terrainIrregularity([1, 2, 3, 4, 5], 10, 40, 50), 0);
});

test('Δh is the same whatever was computed before (the previous deciles only guide its selection)', () => {
  // A rough profile of 400 points (pseudo-random, fixed seed), and primers that leave the guessed
  // deciles far off (flat, huge relief), close (a shorter prefix) or equal (the same call).
  let seed = 7;
  const rough = Float64Array.from({ length: 400 }, (_, i) => {
    seed = (seed * 16807) % 2147483647;
    return 500 + 200 * Math.sin(i / 17) + (seed / 2147483647) * 60;
  });
  const cases: [number, number, number][] = [
    [30, 23_000, 400 - 1],
    [10, 3_000, 80],
    [450, 12_345, 250],
  ];
  const fresh = cases.map(([start, end, np]) => terrainIrregularity(rough, 90, start, end, np));
  const primers = [
    () => terrainIrregularity(new Float64Array(400).fill(3), 90, 0, 35_000),
    () =>
      terrainIrregularity(
        Float64Array.from({ length: 400 }, (_, i) => (i % 2) * 8000),
        90,
        0,
        35_000,
      ),
    () => terrainIrregularity(rough, 90, 30, 20_000, 300),
  ];
  for (const prime of primers) {
    cases.forEach(([start, end, np], i) => {
      prime();
      assert.is(terrainIrregularity(rough, 90, start, end, np), fresh[i]);
      assert.is(terrainIrregularity(rough, 90, start, end, np), fresh[i]);
    });
  }
});

const longleyRicePath = () =>
  itmPathState({
    frequencyMhz: 3500,
    curvature: 1 / 7860e3,
    horizonAngles: [-1.9, -0.8],
    horizonDistances: [15e3, 7e3],
    effectiveHeights: [15, 5],
    heights: [15, 5],
    terrainIrregularity: 3.5,
    groundImpedance: { re: 0.2, im: 0 },
    surfaceRefractivity: 252,
  });

test('LongleyRice: attenuation in the line-of-sight, diffraction and troposcatter regions (TestLongleyRice)', () => {
  for (const [distance, mode, expected] of [
    [10e3, 'line_of_sight', 4.2910433148599818],
    [25e3, 'diffraction', 23.008174136481173],
    [10e6 + 1, 'troposcatter', 10257.44380116946],
  ] as const) {
    const result = referenceAttenuation(distance, longleyRicePath(), []);
    assert.is(result.mode, mode);
    close(result.attenuation, expected, mode);
  }
});

test('LongleyRice: the path-distance warnings (TestLongleyRice)', () => {
  const warned = (distance: number) => {
    const warnings: ItmWarning[] = [];
    referenceAttenuation(distance, { ...longleyRicePath(), horizonAngles: [199e-3, 199e-3] }, warnings);
    return warnings;
  };
  assert.equal(warned(49), ['path_distance_too_small_1', 'path_distance_too_small_2']);
  assert.equal(warned(1001e3), ['path_distance_too_big_1']);
  assert.equal(warned(2001e3), ['path_distance_too_big_1', 'path_distance_too_big_2']);
  const angles: ItmWarning[] = [];
  referenceAttenuation(10e3, { ...longleyRicePath(), horizonAngles: [201e-3, 199e-3] }, angles);
  assert.equal(angles, ['tx_horizon_angle']);
});

test('DiffractionLoss, SmoothEarthDiffraction and LineOfSightLoss (their NTIA tests)', () => {
  const diffractionPath = itmPathState({
    frequencyMhz: 3500,
    curvature: 1 / 6371000,
    horizonAngles: [-0.19, -0.08],
    horizonDistances: [2500, 3000],
    effectiveHeights: [8, 5],
    heights: [8, 5],
    terrainIrregularity: 10,
    groundImpedance: { re: 1, im: 0.1 },
    surfaceRefractivity: 301,
  });
  close(diffractionLoss(1000, diffractionPath), 14.728185720658667, 'diffraction');
  close(
    smoothEarthDiffraction(18e3, 3500, 7850e3, 0.002, [8e3, 8e3], [15, 3], { re: 0.2, im: 0 }),
    25.355962945991564,
    'smooth earth',
  );
  const los = (frequencyMhz: number): ItmPathState => ({
    frequencyMhz,
    earthRadius: 8e6,
    losAngle: 0,
    smoothLosDistance: 100e3,
    horizonAngles: [0, 0],
    horizonDistances: [1, 1],
    effectiveHeights: [1, 2],
    heights: [1, 2],
    terrainIrregularity: 10,
    groundImpedance: { re: 0.2, im: 0 },
    surfaceRefractivity: 301,
  });
  close(lineOfSightLoss(5e3, los(47.7), 0.05, 0), 44.454186433741803, 'two-ray, large |R|');
  close(lineOfSightLoss(5e3, los(47.7e12), 0.05, 0), 249.99999994754504, 'two-ray, small |R|');
});

test('TroposcatterLoss and its attenuation function F(θd) (TestTroposcatterLoss)', () => {
  close(attenuationFunction(9e3), 133.4 + 0.332e-3 * 9e3 - 10 * Math.log10(9e3));
  close(attenuationFunction(30e3), 104.6 + 0.212e-3 * 30e3 - 2.5 * Math.log10(30e3));
  close(attenuationFunction(75e3), 71.8 + 0.157e-3 * 75e3 + 5 * Math.log10(75e3));
  const path: ItmPathState = {
    frequencyMhz: 3500,
    earthRadius: 7850e3,
    losAngle: -0.02,
    smoothLosDistance: 0,
    horizonAngles: [-0.001, -0.001],
    horizonDistances: [8e3, 8e3],
    effectiveHeights: [10, 5],
    heights: [10, 5],
    terrainIrregularity: 0,
    groundImpedance: { re: 1, im: 0 },
    surfaceRefractivity: 301,
  };
  // NTIA's expected 76.969416176795889 dB is 3.3e-5 dB below ours, the only published value we do not
  // meet to 1e-12 (its test file is a later revision than the source we follow; the p2p troposcatter
  // case, 207.65 dB, goes through the same code and matches): checked to 1e-4 dB here.
  const scatter = troposcatterLoss(100e3, path, -1).loss;
  assert.ok(Math.abs(scatter - 76.969416176795889) < 1e-4, `${scatter}`);
  const th = 100e3 / 7850e3 + 0.02;
  close(troposcatterLoss(100e3, path, 16).loss, attenuationFunction(th * 100e3) + 10 * Math.log10(3500 * th ** 4) + 16);
});

test('Variability: every climate and variability mode (TestVariability; quantiles 30, 60, 90 %)', () => {
  // The NTIA test passes 0.3, 0.6, 0.9 to a revision of Variability() that takes fractions; ours,
  // like the entry points, takes percent.
  const base: VariabilityInput = {
    time: 30,
    location: 60,
    situation: 90,
    effectiveHeights: [100, 100],
    terrainIrregularity: 10,
    frequencyMhz: 3500,
    distance: 10e3,
    referenceAttenuation: 50,
    climate: 'equatorial',
    mode: 'broadcast',
  };
  const expected = [
    62.258514685008194, 62.172817403455056, 62.180947861894204, 62.285710999957999, 62.148868476830557,
    62.202217322742925, 62.171720116596696,
  ];
  for (const [i, climate] of ITM_CLIMATES.entries()) close(variability({ ...base, climate }, []), expected[i], climate);
  close(variability({ ...base, mode: 'single_message' }, []), 65.983366483245064, 'single message');
  close(variability({ ...base, mode: 'accidental' }, []), 65.975212768420008, 'accidental');
  close(variability({ ...base, mode: 'mobile' }, []), 54.938699908329184, 'mobile');
  close(variability({ ...base, eliminateLocationVariability: true }, []), 59.833829899214862, 'mdvar + 10');
  close(variability({ ...base, eliminateSituationVariability: true }, []), 53.043626273213889, 'mdvar + 20');
});

test('Q⁻¹ (Abramowitz & Stegun 26.2.23): 0 at the median, ±1.2816 at 10/90 %, symmetric', () => {
  assert.ok(Math.abs(inverseComplementaryCdf(0.5)) < 1e-3);
  assert.is(inverseComplementaryCdf(0.1).toFixed(3), '1.282');
  assert.is(inverseComplementaryCdf(0.9), -inverseComplementaryCdf(0.1));
});

test.run();
