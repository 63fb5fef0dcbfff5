import { powerMonitor } from 'electron';
import type { PowerSource } from '../services/uploads/types';

/**
 * Battery or mains, for "upload only on mains power": Electron's powerMonitor, which may be used only
 * after `ready` (the upload shell is built then). `on-ac` and `on-battery` say when it changes.
 */
export function createPowerSource(): PowerSource {
  return {
    onBattery: () => powerMonitor.isOnBatteryPower(),
    onChange(listener) {
      const changed = () => listener();
      powerMonitor.on('on-ac', changed);
      powerMonitor.on('on-battery', changed);
      return () => {
        powerMonitor.removeListener('on-ac', changed);
        powerMonitor.removeListener('on-battery', changed);
      };
    },
  };
}
