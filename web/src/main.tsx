import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { SudoProvider } from "./components/mfa/SudoProvider.tsx";
import { router } from "./routes/router.tsx";
import { TOAST_DURATION_MS } from "./lib/toast.ts";
import { makeQueryClient, makeTrpcClient, TRPCProvider } from "./trpc.ts";
import "./styles.css";

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
