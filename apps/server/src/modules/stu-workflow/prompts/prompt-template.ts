import type { PromptKind } from '@lintel/contracts';

/**
 * A prompt template kept in the repository. `version` goes up whenever `text` changes, so a tenant's
 * override written against an older version can be shown as such. Placeholders are `{{name}}`;
 * `required` ones must stay in an override (the feature cannot work without them).
 */
export interface PromptTemplate {
  kind: PromptKind;
  version: number;
  placeholders: { name: string; required: boolean }[];
  text: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** The names a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** What is wrong with an override: placeholders the template does not know, required ones missing. */
export function checkPlaceholders(template: PromptTemplate, text: string) {
  const used = placeholdersIn(text);
  const known = new Set(template.placeholders.map((p) => p.name));
  return {
    unknown: used.filter((name) => !known.has(name)),
    missing: template.placeholders.filter((p) => p.required && !used.includes(p.name)).map((p) => p.name),
  };
}

/** The text with each placeholder replaced (an unknown one is left as written). */
export function renderPrompt(text: string, values: Record<string, string | number | null | undefined>) {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name] ?? '') : whole,
  );
}
