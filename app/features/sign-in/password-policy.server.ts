import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as arabic from "@zxcvbn-ts/language-ar";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { brand } from "~/platform/lib/env.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/platform/lib/password-bounds";

/**
 * The password rule for every password a member sets (changing theirs, accepting an invitation, a
 * temporary password an owner types): at least 12 characters, at most 256, and not common or
 * guessable, as judged by zxcvbn-ts with its common-password, English and Arabic dictionaries
 * (decision 102). The member's username and the brand's names count as guessable words.
 */
export type PasswordProblem = "too_short" | "too_long" | "too_weak";

/** zxcvbn's score (0–4) a password must reach: 3 is "safely unguessable" (about 10⁸ guesses or more). */
export const MIN_STRENGTH = 3;

let factory: ZxcvbnFactory | undefined;

/** The dictionaries are large (about 200 ms to load): built on first use, once per process. */
function strength(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary, ...arabic.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return factory;
}

/** The length part of the rule alone (the first start's ADMIN_PASSWORD is held to it, not to strength). */
export function passwordLengthProblem(password: string): "too_short" | "too_long" | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "too_short";
  if (password.length > PASSWORD_MAX_LENGTH) return "too_long";
  return null;
}

/** What the command line says for each problem (npm run admin:create and the first start are in English). */
export const PASSWORD_PROBLEM_TEXT: Record<PasswordProblem, string> = {
  too_short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  too_long: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  too_weak: "That password is too easy to guess: it is common or close to a common one.",
};

export function passwordPolicyProblem(password: string, context: { username?: string } = {}): PasswordProblem | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  const b = brand();
  const words = [context.username, b.name, b.nameAr, "admin"].filter((w): w is string => Boolean(w));
  // zxcvbn's cost grows with length; its verdict on the first 100 characters is the verdict on all.
  const result = strength().check(password.slice(0, 100), words);
  return result.score >= MIN_STRENGTH ? null : "too_weak";
}
