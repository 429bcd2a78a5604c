/**
 * Arabic has six plural forms where English has two: i18next picks `key_zero`, `key_one`, `key_two`,
 * `key_few`, `key_many` or `key_other` by `count` (Intl.PluralRules). An Arabic dictionary is typed
 * against its English one with `ArabicOf<typeof en>`: the same keys, and for every English plural
 * (`key_one`, `key_other`) all six Arabic forms, so a missing form fails the typecheck.
 */
type ArabicPluralForm = "zero" | "one" | "two" | "few" | "many" | "other";

export type ArabicOf<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? ArabicOf<Item>[]
    : { [K in keyof T as K extends `${string}_one` | `${string}_other` ? never : K]: ArabicOf<T[K]> } & {
        [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${ArabicPluralForm}` : never]: string;
      };
