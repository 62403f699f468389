// A message that depends on a count: one form per plural category of the language (Intl.PluralRules), so English
// says "1 node" and "2 nodes", and a language with one form (Chinese) gives only `other`.

export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

export type Plural = { readonly kind: 'plural'; readonly other: string } & {
  readonly [C in Exclude<PluralCategory, 'other'>]?: string;
};

/** Marks a table entry as a plural message; `{n}` in a form is the count, formatted for the language. */
export function plural(forms: Omit<Plural, 'kind'>): Plural {
  return { kind: 'plural', ...forms };
}

export function isPlural(value: unknown): value is Plural {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'plural';
}
