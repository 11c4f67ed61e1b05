import "./lib/zod-config.ts";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { SudoProvider } from "./components/mfa/SudoProvider.tsx";
import { TOAST_DURATION_MS } from "./lib/toast.ts";
import { makeQueryClient, makeTrpcClient, TRPCProvider } from "./lib/trpc.ts";
import { router } from "./routes/router.tsx";
import "./styles.css";

// The server's style nonce (Content-Security-Policy), for the dialogs' scroll lock: it inserts a
// <style> element and asks get-nonce, which reads this global, for the nonce to put on it.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (styleNonce) Object.assign(globalThis, { __webpack_nonce__: styleNonce });

function App() {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <SudoProvider>
          <RouterProvider router={router} />
        </SudoProvider>
        <Toaster richColors closeButton position="bottom-right" duration={TOAST_DURATION_MS} />
      </TRPCProvider>
    </QueryClientProvider>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
