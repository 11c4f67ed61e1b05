import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHILD_MESSAGES } from "#shared/children-texts.ts";
import { FLIGHT_TRIP_STATUS_LABELS } from "#shared/flight-trip-texts.ts";
import { LOCALES, requestLocale } from "#shared/locales.ts";
import { MESSAGES } from "#shared/messages.ts";
import { RIDE_MESSAGES } from "#shared/route-texts.ts";
import { translated } from "#shared/said.ts";
import { i18nFor } from "#worker/i18n/texts.ts";
import { AppError, tooManyAttempts } from "#worker/services/errors.ts";
import { approachWords, attendanceText, attendanceWords, lateText, lateWords } from "#worker/services/live/texts.ts";
import { tripChangeNotice } from "#worker/services/trips/notify.ts";
import { createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";

/**
 * Issue 30: the texts the server composes or shares with the browser, in the reader's language.
 * English stays exactly as it was (the spec's texts); the other languages come from the `shared`
 * and `server` catalogs (worker/locales).
 */

const ROOT = join(import.meta.dirname, "../..");
const zone = "America/New_York";
const at = new Date("2026-03-02T12:30:00Z"); // 7:30 AM in New York
const run = { routeName: "North", busNumber: "12" };

describe("worker/shared's fixed texts", () => {
  it("stay English in English and are found by their English in Spanish and Arabic", () => {
    expect(translated(i18nFor("en"), CHILD_MESSAGES.notFound)).toBe("Child not found");
    expect(translated(i18nFor("es"), CHILD_MESSAGES.notFound)).toBe("No se encontró al hijo");
    expect(translated(i18nFor("ar"), CHILD_MESSAGES.notFound)).toBe("لم يُعثر على الطفل");
    expect(translated(i18nFor("es"), MESSAGES.passwordsDoNotMatch)).toBe("Las contraseñas no coinciden");
    expect(translated(i18nFor("ar"), FLIGHT_TRIP_STATUS_LABELS.cancelled)).toBe("ملغاة");
    expect(translated(i18nFor("es"), RIDE_MESSAGES.tooLong)).toBe("Elija como máximo 62 días");
  });

  it("leave any other string as it is (a name, a message already translated)", () => {
    expect(translated(i18nFor("es"), "Maya Lopez")).toBe("Maya Lopez");
    expect(translated(i18nFor("ar"), "No se encontró al hijo")).toBe("No se encontró al hijo");
  });

  it("are translated in every language (no empty msgstr in the shared and server catalogs)", () => {
    for (const catalog of ["shared", "server"])
      for (const locale of LOCALES.filter((each) => each !== "en")) {
        const po = readFileSync(join(ROOT, `worker/locales/${catalog}/${locale}.po`), "utf8");
        // The header's empty msgid/msgstr is the one allowed.
        expect(po.match(/^msgstr ""$/gm)?.length ?? 0, `${catalog}/${locale}.po`).toBeLessThanOrEqual(1);
      }
  });
});

describe("a refusal with values", () => {
  it("is English in its message and says its descriptor in another language", () => {
    const error = tooManyAttempts(30);
    expect(error.message).toBe("Too many attempts. Please try again in 30 seconds.");
    expect(error.descriptor).not.toBeNull();
    expect(i18nFor("es")._(error.descriptor!)).toBe("Demasiados intentos. Inténtelo de nuevo en 30 segundos.");
    expect(tooManyAttempts(600).message).toBe("Too many attempts. Please try again in 10 minutes.");
    expect(new AppError("NOT_FOUND", CHILD_MESSAGES.notFound).descriptor).toBeNull();
  });
});

describe("the request's language", () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  it("is the cookie's, else Accept-Language's best, else English", () => {
    expect(requestLocale(headers({ cookie: "a=1; schoolride_locale=ar", "accept-language": "es" }))).toBe("ar");
    expect(requestLocale(headers({ "accept-language": "fr;q=0.9, sv-SE;q=0.8" }))).toBe("sv");
    expect(requestLocale(headers({ cookie: "schoolride_locale=xx" }))).toBe("en");
    expect(requestLocale(headers({}))).toBe("en");
  });
});

describe("pushes and notices of a run, in the parent's language", () => {
  it("say the same English as before", () => {
    const english = attendanceText("Maya", "boarded", at, "Oak St", zone);
    expect(attendanceWords("en", "Maya", "boarded", at, "Oak St", zone)).toEqual({
      title: english.title,
      message: english.message,
    });
    expect(lateWords("en", run, 7).message).toBe(lateText(run, 7).message);
  });

  it("in Spanish", () => {
    expect(attendanceWords("es", "Maya", "boarded", at, "Oak St", zone)).toEqual({
      title: "Maya subió",
      message: "Maya subió en Oak St a las 7:30.",
    });
    expect(attendanceWords("es", "Maya", "dropped", at, null, zone).message).toBe("Maya bajó a las 7:30.");
    expect(lateWords("es", run, 7)).toEqual({
      title: "El autobús va con retraso",
      message: "North (autobús 12) va con unos 7 minutos de retraso.",
    });
    expect(approachWords("es", run, "Oak St", { passed: false, minMinutes: 3, maxMinutes: 5 } as never).message).toBe(
      "North (autobús 12) está a 3–5 min de Oak St.",
    );
  });

  it("in Arabic", () => {
    const absent = attendanceWords("ar", "Maya", "absent", at, "Oak St", zone);
    expect(absent.title).toBe("سُجِّل Maya غائبًا");
    expect(absent.message).toContain("سُجِّل Maya غائبًا في Oak St الساعة");
    expect(lateWords("ar", run, 2).message).toBe("North (الحافلة 12) متأخرة نحو دقيقتين.");
    expect(approachWords("ar", run, null, { passed: false, minMinutes: 0, maxMinutes: 1 } as never).message).toBe(
      "North (الحافلة 12) يصل الآن إلى محطتك.",
    );
  });
});

describe("a trip's change, in the parent's language", () => {
  const before = {
    ...run,
    status: "scheduled" as const,
    departureTime: at,
    arrivalTime: new Date(at.getTime() + 3_600_000),
  };
  it("keeps its English and says it in Spanish and Arabic", () => {
    const notice = tripChangeNotice(before, { ...before, status: "cancelled" }, zone)!;
    expect(notice.message).toBe("North (bus 12) on Mon, Mar 2 at 7:30 AM is cancelled.");
    expect(notice.localized!("en")).toEqual({ title: notice.title, message: notice.message });
    expect(notice.localized!("es").title).toBe("Recorrido cancelado");
    expect(notice.localized!("es").message).toMatch(/^North \(autobús 12\) del .+ a las 7:30 está cancelado\.$/);
    expect(notice.localized!("ar").title).toBe("أُلغيت رحلة الحافلة");
  });
});

describe("the server's refusals over HTTP", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it("are in the language of the cookie, else Accept-Language; English unchanged", async () => {
    // A new account each time: the sign-in limits count wrong passwords per account.
    const input = async () => ({
      role: "driver",
      email: (await createUser(t.db, "driver")).email,
      password: "wrong password",
    });
    const english = await mutate(t.app, "auth.login", await input(), { ip: "203.0.113.71" });
    expect(english.error?.message).toBe("Invalid driver credentials. Please check your email and password.");
    const spanish = await mutate(t.app, "auth.login", await input(), {
      ip: "203.0.113.72",
      headers: { "accept-language": "es-MX,es;q=0.9" },
    });
    expect(spanish.error?.message).toBe(
      "Credenciales de conductor no válidas. Revise su correo electrónico y su contraseña.",
    );
    const arabic = await mutate(t.app, "auth.login", await input(), {
      ip: "203.0.113.73",
      cookie: "schoolride_locale=ar",
      headers: { "accept-language": "es" },
    });
    expect(arabic.error?.message).toBe("بيانات اعتماد السائق غير صالحة. يُرجى التحقق من بريدك الإلكتروني وكلمة المرور.");
  });
});

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

describe("no refusal in English only", () => {
  it("worker/services and worker/trpc throw no literal English message (a fixed text is said(), or a descriptor)", () => {
    const literal = [
      // new AppError("NOT_FOUND", "School not found") or with a template literal
      /new AppError\(\s*"[A-Z_]+",\s*["`]/,
      // new TRPCError({ code: "FORBIDDEN", message: "…" })
      /new TRPCError\(\{[^}]*message:\s*["`]/,
    ];
    const offenders = [join(ROOT, "worker/services"), join(ROOT, "worker/trpc")].flatMap(sources).flatMap((path) =>
      readFileSync(path, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          literal.some((pattern) => pattern.test(line)) ? [`${relative(ROOT, path)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
