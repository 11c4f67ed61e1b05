import type { Db } from "#db/client.ts";

/**
 * Bulk data for the list benchmarks (`npm run bench`) and the query-plan test: schools with their
 * admins, parents and invitations, and audit rows, written by `INSERT … SELECT` over a recursive
 * counter in SQL (no per-row round trip), in chunks. The triggers of the schema keep the platform
 * counters, the schools' admin counts and the trigram indexes as they do for the app's own writes.
 *
 * Calls add to what an earlier call seeded (ids continue), so 1k, then 9k more, gives 10k. Rows are
 * deterministic: `School 42 Maple` (one of WORDS, cycling), `office42@school42.example`, newest last.
 * Every 5th school has no admin; every 50th is inactive; statuses cycle (mostly active); every school
 * has a connected Stripe account (past the Connect gate, like the test fixtures' schools). Passwords
 * are not usable hashes: nobody signs in as a seeded user.
 */
export type ScaleOptions = {
  schools: number;
  invitationsPerSchool?: number;
  parentsPerSchool?: number;
  auditRows?: number;
};

export type ScaleSeeded = {
  schools: number;
  schoolAdmins: number;
  parents: number;
  invitations: number;
  auditRows: number;
};

/** Words of the seeded school names: a search for one matches 1 school in WORDS.length. */
export const SCALE_WORDS = [
  "Maple",
  "Oak",
  "Cedar",
  "Willow",
  "Birch",
  "Aspen",
  "Elm",
  "Pine",
  "Spruce",
  "Alder",
  "Hazel",
  "Rowan",
  "Holly",
  "Juniper",
  "Laurel",
  "Magnolia",
  "Poplar",
  "Sequoia",
  "Sycamore",
  "Walnut",
];

/** Milliseconds: 2025-01-01T00:00:00Z, the first seeded instant. */
const BASE_MS = Date.UTC(2025, 0, 1);
const CHUNK = 20_000;

const words = `json_extract('${JSON.stringify(SCALE_WORDS)}', '$[' || (i % ${SCALE_WORDS.length}) || ']')`;

/** `INSERT … SELECT … FROM n` for i in [from, to), one statement per chunk. */
async function insertRange(db: Db, from: number, to: number, insertSelect: string): Promise<void> {
  for (let start = from; start < to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK);
    await db.$client.execute(
      `with recursive n(i) as (select ${start} union all select i + 1 from n where i + 1 < ${end}) ${insertSelect}`,
    );
  }
}

async function countScaleRows(db: Db, table: string, idPrefix: string): Promise<number> {
  const result = await db.$client.execute({
    sql: `select count(*) as n from "${table}" where id >= ? and id < ?`,
    args: [idPrefix, `${idPrefix}\u{10FFFF}`],
  });
  return Number(result.rows[0]?.n ?? 0);
}

export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleSeeded> {
  const invitationsPerSchool = options.invitationsPerSchool ?? 0;
  const parentsPerSchool = options.parentsPerSchool ?? 0;
  const auditRows = options.auditRows ?? 0;
  const first = await countScaleRows(db, "schools", "scale-s");
  const last = first + options.schools;
  const schoolId = "printf('scale-s%08d', i)";
  const createdAt = `(${BASE_MS} + i * 60000)`;

  await insertRange(
    db,
    first,
    last,
    `insert into schools (id, name, email, code, is_active, subscription_status, stripe_connect_account_id, connect_details_submitted,
       connect_charges_enabled, connect_payouts_enabled, created_at, updated_at)
     select ${schoolId}, 'School ' || i || ' ' || ${words}, printf('office%d@school%d.example', i, i), printf('SC%08d', i),
       (i % 50 != 49), case i % 10 when 1 then 'trialing' when 2 then 'past_due' when 3 then 'pending' when 4 then 'cancelled' else 'active' end,
       printf('acct_scale%08d', i), 1, 1, 1, ${createdAt}, ${createdAt} from n`,
  );
  await insertRange(
    db,
    first,
    last,
    `insert into school_admins (id, school_id, email, name, password_hash, created_at, updated_at)
     select printf('scale-a%08d', i), ${schoolId}, printf('admin%d@school%d.example', i, i), 'Admin ' || i || ' ' || ${words}, 'scale-seed', ${createdAt}, ${createdAt}
     from n where i % 5 != 4`,
  );
  await insertRange(
    db,
    first * parentsPerSchool,
    last * parentsPerSchool,
    `insert into parents (id, school_id, email, name, password_hash, created_at, updated_at)
     select printf('scale-p%010d', i), printf('scale-s%08d', i / ${Math.max(1, parentsPerSchool)}), printf('parent%d@family.example', i), 'Parent ' || i,
       'scale-seed', ${BASE_MS} + i * 1000, ${BASE_MS} + i * 1000 from n`,
  );
  await insertRange(
    db,
    first * invitationsPerSchool,
    last * invitationsPerSchool,
    `insert into invitations (id, email, role, school_id, token_hash, status, expires_at, metadata, invited_by, invited_by_role, created_at, updated_at)
     select printf('scale-i%010d', i), printf('invitee%d@family.example', i), case when i % 4 = 0 then 'school_admin' else 'parent' end,
       printf('scale-s%08d', i / ${Math.max(1, invitationsPerSchool)}), printf('scale-token-%010d', i),
       case i % 4 when 0 then 'pending' when 1 then 'accepted' when 2 then 'expired' else 'revoked' end,
       ${BASE_MS} + i * 1000 + 7 * 86400000, '{"parent_name":"Invitee ' || i || '"}',
       printf('scale-a%08d', i / ${Math.max(1, invitationsPerSchool)}), 'school_admin', ${BASE_MS} + i * 1000, ${BASE_MS} + i * 1000 from n`,
  );
  const firstAudit = await countScaleRows(db, "audit_logs", "scale-l");
  const schoolCount = Math.max(1, last);
  await insertRange(
    db,
    firstAudit,
    firstAudit + auditRows,
    `insert into audit_logs (id, user_id, user_role, school_id, event_type, description, metadata, created_at)
     select printf('scale-l%010d', i),
       case i % 3 when 0 then printf('scale-a%08d', i % ${schoolCount}) end,
       case i % 3 when 0 then 'school_admin' end,
       printf('scale-s%08d', i % ${schoolCount}),
       case i % 4 when 0 then 'login_success' when 1 then 'login_failed' when 2 then 'invitation_sent' else 'parent_deactivated' end,
       'Seeded event ' || i,
       case i % 4 when 1 then json_object('email', printf('someone%d@example.com', i)) else '{}' end,
       ${BASE_MS} + i * 10000 from n`,
  );
  return {
    schools: options.schools,
    schoolAdmins: Array.from({ length: options.schools }, (_, k) => (first + k) % 5 !== 4).filter(Boolean).length,
    parents: options.schools * parentsPerSchool,
    invitations: options.schools * invitationsPerSchool,
    auditRows,
  };
}
