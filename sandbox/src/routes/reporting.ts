import type { RouteModule } from '../routes/index.js';

// Placeholder until this area's routes land.
const register: RouteModule = () => {};
export default register;
