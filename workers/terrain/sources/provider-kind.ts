// Narrowing a configured provider to the kind a phase needs; a mismatch is a configuration error.
import {
  SourceError,
  type RasterSourceProvider,
  type SourceProvider,
  type VectorSourceProvider,
} from './source-provider.ts';

export function asRasterProvider(provider: SourceProvider): RasterSourceProvider {
  if (provider.kind !== 'raster')
    throw new SourceError('INVALID_SOURCE_CONFIG', `${provider.dataset} needs a raster source`, provider.dataset);
  return provider;
}

export function asVectorProvider(provider: SourceProvider): VectorSourceProvider {
  if (provider.kind !== 'vector')
    throw new SourceError('INVALID_SOURCE_CONFIG', `${provider.dataset} needs a vector source`, provider.dataset);
  return provider;
}
