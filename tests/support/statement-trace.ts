import type { Client, InStatement } from "@libsql/client";

function sqlOf(statement: InStatement): string {
  return typeof statement === "string" ? statement : statement.sql;
}

/**
 * Records the SQL text of every statement the client sends (each statement of a batch on its own
 * line, prefixed with the batch's size), values left out: two requests that must do the same work,
 * such as AU1's known and unknown accounts, leave the same trace.
 */
export function traceStatements(client: Client, trace: string[]): Client {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "execute") {
        return (statement: InStatement, ...rest: unknown[]) => {
          trace.push(`execute ${sqlOf(statement)}`);
          return value.apply(target, [statement, ...rest]);
        };
      }
      if (prop === "batch") {
        return (statements: InStatement[], ...rest: unknown[]) => {
          for (const statement of statements) trace.push(`batch(${statements.length}) ${sqlOf(statement)}`);
          return value.apply(target, [statements, ...rest]);
        };
      }
      return value.bind(target);
    },
  });
}
