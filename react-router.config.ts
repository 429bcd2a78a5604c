import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    v8_middleware: true,
  },
  // Cross-site writes are refused by the root's requestGuard (app/platform/http/request-guard.server.ts): 403 in
  // the visitor's language, Sec-Fetch-Site as well as Origin, and an audit entry (decision 150). React
  // Router's own Origin check would answer a page's cross-site POST first with a bare 400, before any
  // middleware, so it would leave no entry and log an error with a stack (issue 42): every origin is
  // handed on to the guard ("**" matches any host).
  allowedActionOrigins: ["**"],
} satisfies Config;
