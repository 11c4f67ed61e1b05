import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The SPA lives in web/ and is built to dist/, which the Worker (assets) and the Node entry serve.
export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/bundle-report.ts measures each route's initial JS from it.
    manifest: true,
    rolldownOptions: {
      // Rolldown would move modules shared by lazy chunks (the data layer, react-hook-form, zod) into the
      // entry, which every page loads; each route's initial JS is its own (ADR 0019).
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:8787", "/dev": "http://localhost:8787" },
  },
});
