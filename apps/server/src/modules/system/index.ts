import fp from 'fastify-plugin';
import { ProcessRegistry } from './processes';
import { systemRoutes } from './routes';

export type SystemOptions = {
  /** When the console this process serves was built; null when it serves none. */
  builtAt: Date | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's row on the servers page. */
    serverProcess: ProcessRegistry;
  }
}

/** The servers of the installation (each process records itself) and the platform's system settings. */
export const systemModule = fp<SystemOptions>(
  async (app, { builtAt }) => {
    const registry = new ProcessRegistry(app, builtAt);
    app.decorate('serverProcess', registry);
    app.addHook('onReady', () => registry.start());
    // Listening now: the row gets the port actually bound.
    app.addHook('onListen', () => registry.beat());
    app.addHook('preClose', () => registry.stop());
    await app.register(systemRoutes(registry), { prefix: '/backend' });
  },
  { name: 'system', dependencies: ['setting', 'device'] },
);
