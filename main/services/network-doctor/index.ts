export { NetworkDoctorService, type NetworkDoctorServiceDeps } from './doctor-service';
export { runNetworkDoctor, defaultTimeouts } from './run-doctor';
export { networkReportText } from './report-text';
export type { DoctorDeps, ResolveProxy } from './types';
