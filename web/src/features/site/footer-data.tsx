import { DataProvider, trpcClient } from "../../lib/data.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { useSiteInfo } from "./hooks.ts";

/**
 * The footer's server data, loaded after the page (the public pages' initial JS has no data layer):
 * the support address from the platform settings, and the newsletter sign-up.
 */
export function SupportEmail({ fallback, className }: { fallback: string; className: string }) {
  return (
    <DataProvider>
      <SupportEmailLink fallback={fallback} className={className} />
    </DataProvider>
  );
}

function SupportEmailLink({ fallback, className }: { fallback: string; className: string }) {
  const info = useSiteInfo();
  const supportEmail = info.data?.supportEmail ?? fallback;
  return (
    <a href={`mailto:${supportEmail}`} className={className}>
      {supportEmail}
    </a>
  );
}

/** Subscribes the address; the error message to show, or null when it worked. */
export async function subscribeNewsletter(email: string): Promise<string | null> {
  try {
    await trpcClient.site.subscribeNewsletter.mutate({ email });
    return null;
  } catch (error) {
    return errorMessage(error);
  }
}
