/** The server's generic failure message (no tRPC import here: light pages show it too). */
export const GENERIC_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";
