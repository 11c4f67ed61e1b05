/**
 * Vitest globalSetup (runs in Node, before workerd starts): starts the Hrana server on a
 * random port with a freshly migrated database, and provides its URL to the pool options
 * (`inject("databaseUrl")` in vitest.config.ts) and to the tests (`inject` from vitest).
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startHranaServer } from "../../../scripts/hrana/server.ts";

declare module "vitest" {
  interface ProvidedContext {
    databaseUrl: string;
  }
}

const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), "../../../migrations");

export default async function setup(project: TestProject) {
  const server = await startHranaServer({ migrationsFolder: MIGRATIONS_FOLDER });
  project.provide("databaseUrl", server.url);
  return async () => {
    await server.close();
  };
}
