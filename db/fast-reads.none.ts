import type { Client } from "@libsql/client";

/** `#db/fast-reads` where there is no embedded database (workerd): the client as it is (ADR 0033). */
export function withFastReads(client: Client, _url: string): Client {
  return client;
}
