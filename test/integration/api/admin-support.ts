import { afterAll, beforeAll } from 'vitest';
import type { ServiceHttp } from '../../../main/api/http';
import { createMeApi } from '../../../main/api/me';
import type { RunningSandbox } from '../../support/sandbox.js';
import { connectAs } from './browse-support';
import { recordingLogger, startDemoSandbox } from './support';

/** What the administration suites (#17) share: the demo, its Northbridge admin and a plain teacher there. */
export interface AdminWorld {
  running: RunningSandbox;
  admin: ServiceHttp;
  teacher: ServiceHttp;
  northbridgeId: number;
}

/** Registers the suite's hooks; the world is filled in before the first test runs. */
export function useAdminWorld(): AdminWorld {
  const world = {} as AdminWorld;
  const { log } = recordingLogger();
  const opened: ServiceHttp[] = [];
  beforeAll(async () => {
    world.running = await startDemoSandbox();
    world.admin = await connectAs(world.running.url, 'admin@northbridge.example', log, opened);
    world.teacher = await connectAs(world.running.url, 'teacher@northbridge.example', log, opened);
    const profile = await createMeApi(world.admin).getProfile();
    world.northbridgeId = profile.organisations.find((o) => o.name === 'Northbridge University')!.id;
  });
  afterAll(async () => {
    opened.forEach((http) => http.dispose());
    await world.running?.stop();
  });
  return world;
}
