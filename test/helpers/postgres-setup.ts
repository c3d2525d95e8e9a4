// Global setup of the PostgreSQL run of the suite: starts one throwaway cluster for the run and gives its URL to
// that run's test files (inject('postgresUrl')); each test station makes its own database in it.
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
