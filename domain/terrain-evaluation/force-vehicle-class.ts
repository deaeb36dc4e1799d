import type { VehicleClass } from '../terrain/mobility-config.ts';
import type { Force } from './terrain-evaluation-types.ts';

const BY_FORCE: Record<Force, VehicleClass> = {
  mounted_wheeled: 'wheeled',
  mounted_tracked: 'tracked',
  dismounted: 'foot',
};

/** The vehicle class whose mobility raster (domain/terrain/mobility-raster.ts) a force moves on. */
export function forceVehicleClass(force: Force): VehicleClass {
  const vehicle = BY_FORCE[force];
  if (!vehicle)
    throw new RangeError(`unknown force ${JSON.stringify(force)} (mounted_wheeled, mounted_tracked or dismounted)`);
  return vehicle;
}
