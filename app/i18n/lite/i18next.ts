/**
 * The browser's i18next: the part of i18next's API this site uses, in about 1 kB instead of 16 kB
 * (gzip) of first-load JavaScript on every page (decision 134). The production client build puts
 * it in place of `i18next` (vite.config.ts); the server, the tests and `npm run dev` use i18next
 * itself, and `i18next.test.ts` checks that both give the same text for every key of every
 * dictionary, so what the browser renders matches what the server rendered.
 *
 * What it does: dictionaries added per language and namespace, `t(key, options)` with dotted keys
 * (and keys that contain dots), `ns:key`, plural forms by `count` (Intl.PluralRules, `_zero` for 0,
 * as i18next), `{{name}}` interpolation (no escaping, as configured), `defaultValue`,
 * `returnObjects`; `getFixedT`, `changeLanguage`, `hasResourceBundle`, `addResourceBundle`. What it
 * does not do (context, nesting, formatters, ordinals, backends): the dictionaries use none of it,
 * which the test also checks.
 */
type Tree = { [key: string]: unknown };
type Options = { [key: string]: unknown; defaultValue?: unknown; returnObjects?: boolean };
export type LiteT = (key: string, options?: Options) => unknown;

const VARIABLE = /{{\s*([^{}]+?)\s*}}/g;

function interpolate(text: string, options: Options | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(VARIABLE, (match, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? match : String(value);
  });
}

function translateTree(value: unknown, options: Options | undefined): unknown {
  if (typeof value === "string") return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => translateTree(item, options));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, translateTree(v, options)]));
  return value;
}

/**
 * A dotted key in a dictionary, as i18next finds it: `a.b.c` is tried as nested keys, and where a
 * level has no such key, as a key that itself contains dots (`actions: { "sign_in.success": … }`).
 */
function lookup(tree: Tree | undefined, key: string): unknown {
  if (!tree) return undefined;
  if (Object.prototype.hasOwnProperty.call(tree, key)) return tree[key];
  const tokens = key.split(".");
  let current: unknown = tree;
  for (let i = 0; i < tokens.length; ) {
    if (!current || typeof current !== "object") return undefined;
    let next: unknown;
    let path = "";
    let j = i;
    for (; j < tokens.length; j++) {
      path = j === i ? tokens[j]! : `${path}.${tokens[j]}`;
      next = (current as Tree)[path];
      if (next !== undefined) {
        if (typeof next !== "object" && j < tokens.length - 1) continue;
        break;
      }
    }
    i = j + 1;
    current = next;
  }
  return current;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The keys i18next tries for `count`, first found wins: `_zero` for 0, the language's form, the key. */
function pluralKeys(lng: string, key: string, count: number): string[] {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    pluralRules.set(lng, rules);
  }
  const form = `${key}_${rules.select(count)}`;
  return count === 0 ? [`${key}_zero`, form, key] : [form, key];
}

export class LiteI18n {
  language = "en";
  languages: readonly string[] = ["en"];
  resolvedLanguage = "en";
  isInitialized = false;
  options: { [key: string]: unknown } = {};
  private defaultNS = "translation";
  private store: Record<string, Record<string, Tree>> = {};
  private fixed = new Map<string, LiteT>();
  private listeners = new Map<string, Set<(...args: unknown[]) => void>>();

  private plugins: { init?: (instance: LiteI18n) => void }[] = [];

  use(plugin: { init?: (instance: LiteI18n) => void }): this {
    this.plugins.push(plugin);
    return this;
  }

  init(options: { lng?: string; defaultNS?: string; resources?: Record<string, Record<string, Tree>> } & Record<string, unknown> = {}) {
    this.options = options;
    this.defaultNS = options.defaultNS ?? "translation";
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [ns, bundle] of Object.entries(namespaces)) this.addResourceBundle(lng, ns, bundle);
    }
    this.setLanguage(options.lng ?? "en");
    this.isInitialized = true;
    for (const plugin of this.plugins) plugin.init?.(this);
    return Promise.resolve(this.t);
  }

  private setLanguage(lng: string) {
    this.language = lng;
    this.resolvedLanguage = lng;
    this.languages = [lng];
  }

  changeLanguage(lng: string) {
    if (lng !== this.language) {
      this.setLanguage(lng);
      this.emit("languageChanged", lng);
    }
    return Promise.resolve(this.t);
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return Boolean(this.store[lng]?.[ns]);
  }

  addResourceBundle(lng: string, ns: string, bundle: Tree, _deep = false, _overwrite = false): this {
    const namespaces = (this.store[lng] ??= {});
    namespaces[ns] = { ...namespaces[ns], ...bundle };
    this.emit("added", lng, ns);
    return this;
  }

  translate(lng: string, ns: string, key: string, options?: Options): unknown {
    let namespace = ns;
    let path = key;
    const colon = key.indexOf(":");
    if (colon > 0 && this.store[lng]?.[key.slice(0, colon)]) {
      namespace = key.slice(0, colon);
      path = key.slice(colon + 1);
    }
    const tree = this.store[lng]?.[namespace];
    const count = options?.count;
    let value: unknown;
    for (const candidate of typeof count === "number" ? pluralKeys(lng, path, count) : [path]) {
      value = lookup(tree, candidate);
      if (value !== undefined && value !== null) break;
    }
    if (value === undefined || value === null) {
      const fallback = options?.defaultValue;
      return typeof fallback === "string" ? interpolate(fallback, options) : path;
    }
    if (typeof value === "object") return options?.returnObjects ? translateTree(value, options) : path;
    return translateTree(value, options);
  }

  getFixedT(lng: string | null, ns?: string | null): LiteT {
    const id = `${lng ?? ""}\u0000${ns ?? ""}`;
    let t = this.fixed.get(id);
    if (!t) {
      t = (key, options) => this.translate(lng ?? this.language, ns ?? this.defaultNS, key, options);
      this.fixed.set(id, t);
    }
    return t;
  }

  t: LiteT = (key, options) => this.translate(this.language, this.defaultNS, key, options);

  on(event: string, listener: (...args: unknown[]) => void): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: (...args: unknown[]) => void): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  private emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

export function createInstance(options?: Parameters<LiteI18n["init"]>[0]): LiteI18n {
  const instance = new LiteI18n();
  if (options) void instance.init(options);
  return instance;
}

const i18next = new LiteI18n();
export default i18next;
