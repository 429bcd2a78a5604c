/** The hidden field a fetcher's form carries: answer with data (the outcome), not a redirect. */
export const FETCHER_FIELD = "reply";
export const FETCHER_VALUE = "data";
