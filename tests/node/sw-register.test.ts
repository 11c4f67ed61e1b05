import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterNetworkQuiet, NETWORK_QUIET_MAX_MS, NETWORK_QUIET_MS } from "../../web/src/pwa/register.ts";

/** A stand-in for PerformanceObserver's `resource` entries: `finish()` is a file of the page's finishing. */
function resources() {
  let listener: (() => void) | null = null;
  const stopped = vi.fn();
  return {
    observe: (onResource: () => void) => {
      listener = onResource;
      return stopped;
    },
    finish: () => listener?.(),
    stopped,
  };
}

describe("the service worker waits for the page's network to be quiet (ADR 0088)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("registers a second after the last file finished, not before", () => {
    const register = vi.fn();
    const page = resources();
    afterNetworkQuiet(register, page.observe);
    vi.advanceTimersByTime(NETWORK_QUIET_MS - 100);
    page.finish();
    vi.advanceTimersByTime(NETWORK_QUIET_MS - 100);
    page.finish();
    vi.advanceTimersByTime(NETWORK_QUIET_MS - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledOnce();
    expect(page.stopped).toHaveBeenCalledOnce();
    // Later files change nothing: it registered once.
    page.finish();
    vi.advanceTimersByTime(NETWORK_QUIET_MAX_MS);
    expect(register).toHaveBeenCalledOnce();
  });

  it("registers after the longest wait on a page that never goes quiet (one that polls)", () => {
    const register = vi.fn();
    const page = resources();
    afterNetworkQuiet(register, page.observe);
    for (let elapsed = 0; elapsed < NETWORK_QUIET_MAX_MS - 500; elapsed += 500) {
      vi.advanceTimersByTime(500);
      page.finish();
    }
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(register).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(NETWORK_QUIET_MAX_MS);
    expect(register).toHaveBeenCalledOnce();
  });
});
