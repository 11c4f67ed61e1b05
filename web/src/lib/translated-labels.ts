import { i18n, type MessageDescriptor } from "@lingui/core";

/**
 * A descriptor in the active language; before a language is active (a module read at import by a
 * test, say) its English text, never an error.
 */
export function translate(descriptor: MessageDescriptor): string {
  if (i18n.locale) return i18n._(descriptor);
  // The build writes a descriptor's English into it compiled (ADR 0086): only a string reads as is.
  return typeof descriptor.message === "string" ? descriptor.message : descriptor.id;
}

/**
 * Labels for a contract's values (a role, a status) kept as a plain record of strings, each read in
 * the active language when it is read (a getter): pages use them as before (`LABELS[value]`,
 * `value in LABELS`, `Object.entries`), and the texts are in the catalogs as descriptors.
 */
export function translatedLabels<K extends string>(descriptors: Record<K, MessageDescriptor>): Record<K, string> {
  const labels = {} as Record<K, string>;
  for (const key of Object.keys(descriptors) as K[])
    Object.defineProperty(labels, key, { enumerable: true, get: () => translate(descriptors[key]) });
  return labels;
}
