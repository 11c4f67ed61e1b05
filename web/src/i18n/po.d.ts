// A catalog imported from a page: the Vite plugin (@lingui/vite-plugin) compiles it to its messages.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
