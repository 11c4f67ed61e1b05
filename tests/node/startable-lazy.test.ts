/**
 * Lazy modules whose loading can start before their first render (web/src/lib/startable-lazy.tsx):
 * the parent dashboard's Recent Notifications and the maps' Leaflet chunk (ADR 0087).
 */
import { type ComponentType, createElement, Suspense } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { startableModule } from "../../web/src/lib/startable-lazy.tsx";

type Props = { name: string };
const greeting = { Hello: ({ name }: Props) => createElement("p", null, `Hello ${name}`) };
const render = (Component: ComponentType<Props>) =>
  renderToStaticMarkup(
    createElement(
      Suspense,
      { fallback: createElement("span", null, "Loading…") },
      createElement(Component, { name: "Ada" }),
    ),
  );

describe("startableModule", () => {
  it("suspends like React.lazy until its module has loaded, and loads it once", async () => {
    const load = vi.fn(async () => greeting);
    const chunk = startableModule(load);
    const Hello = chunk.component((module) => module.Hello);
    expect(render(Hello)).toBe("<span>Loading…</span>");
    await chunk.start();
    await chunk.start();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("renders at once, without suspending, once started and loaded before its first render", async () => {
    const chunk = startableModule(async () => greeting);
    const Hello = chunk.component((module) => module.Hello);
    await chunk.start();
    expect(render(Hello)).toBe("<p>Hello Ada</p>");
  });

  it("asks again after a load that failed (a chunk lost on a weak signal)", async () => {
    const load = vi
      .fn<() => Promise<typeof greeting>>()
      .mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(greeting);
    const chunk = startableModule(load);
    await expect(chunk.start()).rejects.toThrow("Failed to fetch");
    await chunk.start();
    expect(load).toHaveBeenCalledTimes(2);
    expect(render(chunk.component((module) => module.Hello))).toBe("<p>Hello Ada</p>");
  });
});
