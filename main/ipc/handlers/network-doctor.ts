import { z } from 'zod';
import type { NetworkDoctorInvoke } from '../../../preload/contract';
import type { NetworkDoctorService } from '../../services/network-doctor';
import type { AreaHandlers } from '../handler';

export interface NetworkDoctorServices {
  networkDoctor: Pick<NetworkDoctorService, 'diagnose' | 'copyReport'>;
}

/** The network check page: run the check, copy its report. Neither takes anything from the page. */
export function createNetworkDoctorHandlers(services: NetworkDoctorServices): AreaHandlers<NetworkDoctorInvoke> {
  return {
    'network:diagnose': { args: z.tuple([]), run: () => services.networkDoctor.diagnose() },
    'network:copy-report': { args: z.tuple([]), run: () => services.networkDoctor.copyReport() },
  };
}
