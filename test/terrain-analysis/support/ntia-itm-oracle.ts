// NTIA/ITS's reference C++ ITM (public domain, github.com/NTIA/itm at 183ad95, kept unmodified in
// ../shared/reference/ntia-itm, or wherever NTIA_ITM_DIR points) as an oracle: its sources and the
// small driver beside this file are compiled with g++ into a temporary directory (never into the
// tree), and paths are fed to it on stdin, many per process. The build follows that folder's
// PROVENANCE.md: Windows include paths turned into '/', `__declspec(x)` defined away.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ItmParams, TerrainProfile } from '../../../domain/terrain-analysis/itm/itm-types.ts';
import {
  ITM_CLIMATES,
  ITM_PROPAGATION_MODES,
  ITM_VARIABILITY_MODES,
  type ItmPropagationMode,
  type ItmWarning,
} from '../../../domain/terrain-analysis/itm/itm-vocabulary.ts';

/** Where the reference sources are: NTIA_ITM_DIR, else ../shared/reference/ntia-itm beside the project. */
export const NTIA_ITM_DIR =
  process.env.NTIA_ITM_DIR ?? fileURLToPath(new URL('../../../../shared/reference/ntia-itm', import.meta.url));

/** True when the reference sources and g++ are both there. */
export function ntiaItmAvailable(): boolean {
  if (!existsSync(join(NTIA_ITM_DIR, 'src', 'itm_p2p.cpp'))) return false;
  try {
    execFileSync('g++', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** What the reference returns for one path (ITM_P2P_TLS_Ex's outputs and intermediate values). */
export interface NtiaItmResult {
  /** The reference's return code: 0 success, 1 success with warnings, other values errors. */
  returnCode: number;
  lossDb: number;
  /** The reference's warning flags as this project names them, in ITM_WARNINGS order. */
  warnings: ItmWarning[];
  mode: ItmPropagationMode;
  distanceKm: number;
  horizonAngles: [number, number];
  horizonDistances: [number, number];
  effectiveHeights: [number, number];
  surfaceRefractivity: number;
  terrainIrregularity: number;
  referenceAttenuationDb: number;
  freeSpaceLossDb: number;
}

export interface NtiaItmPath {
  profile: TerrainProfile;
  params: ItmParams;
}

export type NtiaItmOracle = (paths: readonly NtiaItmPath[]) => NtiaItmResult[];

/**
 * The oracle, compiled once per machine into the system's temporary directory (a folder named after
 * a hash of the sources and the driver, so parallel test files and reruns share one build; a build
 * goes to a folder of its own first and is renamed into place whole).
 */
export function ntiaItmOracle(): NtiaItmOracle {
  const driver = fileURLToPath(new URL('./ntia-itm-oracle.cpp', import.meta.url));
  const hash = createHash('sha256').update(readFileSync(driver));
  for (const folder of ['src', 'include']) {
    for (const name of readdirSync(join(NTIA_ITM_DIR, folder)).sort()) {
      hash.update(name).update(readFileSync(join(NTIA_ITM_DIR, folder, name)));
    }
  }
  const dir = join(tmpdir(), `ntia-itm-oracle-${hash.digest('hex').slice(0, 16)}`);
  const binary = join(dir, 'ntia-itm-oracle');
  if (!existsSync(binary)) {
    const build = mkdtempSync(join(tmpdir(), 'ntia-itm-build-'));
    try {
      compileOracle(build, join(build, 'ntia-itm-oracle'), driver);
    } catch (error) {
      rmSync(build, { recursive: true, force: true });
      throw error;
    }
    try {
      renameSync(build, dir);
    } catch {
      rmSync(build, { recursive: true, force: true }); // another process put its build there first
    }
  }
  return runOracle(binary);
}

function runOracle(binary: string): NtiaItmOracle {
  return (paths) => {
    if (paths.length === 0) return [];
    const input = paths.map(({ profile, params }) => pathLine(profile, params)).join('\n') + '\n';
    const out = execFileSync(binary, [], { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const lines = out.trim().split('\n');
    if (lines.length !== paths.length) throw new Error(`oracle answered ${lines.length} of ${paths.length} paths`);
    return lines.map(parseResult);
  };
}

function compileOracle(dir: string, binary: string, driver: string): void {
  // The sources include "..\include\itm.h": the copy gets '/' separators, as PROVENANCE.md says.
  const copy = join(dir, 'ntia-itm');
  const sources: string[] = [];
  for (const folder of ['src', 'include']) {
    mkdirSync(join(copy, folder), { recursive: true });
    for (const name of readdirSync(join(NTIA_ITM_DIR, folder))) {
      const text = readFileSync(join(NTIA_ITM_DIR, folder, name), 'utf8').replaceAll('\\', '/');
      writeFileSync(join(copy, folder, name), text);
      if (name.endsWith('.cpp')) sources.push(join(copy, folder, name));
    }
  }
  execFileSync('g++', ['-O1', '-D__declspec(x)=', `-I${join(copy, 'include')}`, '-o', binary, driver, ...sources], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function pathLine(profile: TerrainProfile, params: ItmParams): string {
  const np = (profile.length ?? profile.elevations.length) - 1;
  const mdvar =
    ITM_VARIABILITY_MODES.indexOf(params.variabilityMode) +
    (params.eliminateLocationVariability ? 10 : 0) +
    (params.eliminateSituationVariability ? 20 : 0);
  const numbers = [
    params.txHeight,
    params.rxHeight,
    ITM_CLIMATES.indexOf(params.climate) + 1,
    params.refractivity,
    params.frequencyMhz,
    params.polarization === 'vertical' ? 1 : 0,
    params.permittivity,
    params.conductivity,
    mdvar,
    params.time,
    params.location,
    params.situation,
    np,
    profile.spacing,
  ];
  for (let i = 0; i <= np; i++) numbers.push(profile.elevations[i]);
  // 17 significant digits: the double the driver reads is the one this process holds.
  return numbers.map((n) => (Number.isInteger(n) ? String(n) : n.toPrecision(17))).join(' ');
}

// Warnings.h: the WARN__ bit of each of this project's warning names.
const WARNING_BITS: [ItmWarning, number][] = [
  ['tx_terminal_height', 0x0001],
  ['rx_terminal_height', 0x0002],
  ['frequency', 0x0004],
  ['tx_horizon_angle', 0x0080],
  ['rx_horizon_angle', 0x0100],
  ['tx_horizon_distance_1', 0x0200],
  ['rx_horizon_distance_1', 0x0400],
  ['tx_horizon_distance_2', 0x0800],
  ['rx_horizon_distance_2', 0x1000],
  ['surface_refractivity', 0x4000],
  ['path_distance_too_small_1', 0x0020],
  ['path_distance_too_small_2', 0x0040],
  ['path_distance_too_big_1', 0x0008],
  ['path_distance_too_big_2', 0x0010],
  ['extreme_variabilities', 0x2000],
];

function parseResult(line: string): NtiaItmResult {
  const v = line.trim().split(/\s+/).map(Number);
  return {
    returnCode: v[0],
    lossDb: v[1],
    warnings: WARNING_BITS.filter(([, bit]) => v[2] & bit).map(([name]) => name),
    mode: ITM_PROPAGATION_MODES[v[3] - 1],
    distanceKm: v[4],
    horizonAngles: [v[5], v[6]],
    horizonDistances: [v[7], v[8]],
    effectiveHeights: [v[9], v[10]],
    surfaceRefractivity: v[11],
    terrainIrregularity: v[12],
    referenceAttenuationDb: v[13],
    freeSpaceLossDb: v[14],
  };
}
