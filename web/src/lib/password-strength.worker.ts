/**
 * A dedicated worker that runs zxcvbn, so building its dictionaries and scoring never block typing.
 * Request: { id, password, userInputs }; answer: { id, estimate }.
 */
import { estimateStrength, type StrengthEstimate } from "./password-strength.ts";

export type StrengthRequest = { id: number; password: string; userInputs: string[] };
export type StrengthResponse = { id: number; estimate: StrengthEstimate };

// The web app's types describe a window; inside a worker, `self` is the worker's global scope.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<StrengthRequest>) => void) | null;
  postMessage(message: StrengthResponse): void;
};

scope.onmessage = ({ data }) => {
  scope.postMessage({ id: data.id, estimate: estimateStrength(data.password, data.userInputs) });
};
