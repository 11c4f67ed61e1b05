/**
 * VAPID (RFC 8292): the key pair the app signs its pushes with (ADR 0068). Production sets it as a
 * secret; a local install generates one once and keeps it beside its database. WebCrypto only, so
 * the same code runs in the Worker and in Node.
 */
export type VapidKeys = {
  /** The uncompressed P-256 public key (65 bytes), base64url: the browser's `applicationServerKey`. */
  publicKey: string;
  /** The private scalar `d` (32 bytes), base64url. */
  privateKey: string;
  /** Who runs the sender, as push services ask: `mailto:` or an https URL. */
  subject: string;
};

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A fresh key pair. */
export async function generateVapidKeys(subject: string): Promise<VapidKeys> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { publicKey: toBase64Url(raw), privateKey: jwk.d!, subject };
}

/** Whether a public and a private key form a usable pair (checked at start-up, so a typo fails early). */
export function vapidKeysLookValid(keys: { publicKey: string; privateKey: string }): boolean {
  try {
    const pub = fromBase64Url(keys.publicKey);
    const priv = fromBase64Url(keys.privateKey);
    return pub.length === 65 && pub[0] === 4 && priv.length === 32;
  } catch {
    return false;
  }
}
