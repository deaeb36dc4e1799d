// The renderer the generated-map workers draw with, and the version that goes into every asset's
// input hash: bump it when renderMapPng's output changes (a new grid, fonts, marginalia), so every
// asset is drawn again at its next trigger.
import { renderMapPng } from '../../infra/map-rendering/render-map-png.ts';
import type { RenderMap } from './generated-map-worker.ts';

export const MAP_RENDERER: { render: RenderMap; version: string } = { render: renderMapPng, version: 'sharp-svg-v1' };
