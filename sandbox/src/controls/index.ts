import type { RouteModule } from '../routes/index.js';
import { registerFaults } from './faults.js';
import { registerOutage } from './outage.js';
import { registerOutbox } from './outbox.js';
import { registerSimulate } from './simulate.js';

/**
 * /sandbox/*: the test control surface. Health always answers (launchers wait on it); everything
 * else exists only when the sandbox runs with controls on, and answers 404 otherwise.
 */
const register: RouteModule = (app, ctx) => {
  app.get('/sandbox/health', async () => ({ Ok: true }));
  if (!ctx.config.controls) return;

  registerFaults(app);
  registerOutbox(app, ctx);
  registerOutage(app);
  registerSimulate(app, ctx);

  app.post('/sandbox/tokens/expire', async () => {
    const past = new Date(ctx.now().getTime() - 1000).toISOString();
    return {
      Expired: ctx.db.prepare('UPDATE access_tokens SET expires_at = ? WHERE expires_at > ?').run(past, past).changes,
    };
  });
};
export default register;
