// Production server: Express in front of the React Router build.
// Started by `npm start` (scripts/start.mjs), which builds first when needed.
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";

const BUILD_PATH = new URL("./build/server/index.js", import.meta.url).pathname;
const CLIENT_DIR = new URL("./build/client", import.meta.url).pathname;

function oneLine(error) {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0];
}

export async function startServer() {
  const build = await import(BUILD_PATH);
  const serverEntry = build.entry.module;
  const { env } = serverEntry;
  const config = env();
  await serverEntry.initDb();
  await serverEntry.ensureInitialAdmin();
  // The daily job (scan retention) and the alert webhook's retries run beside the requests.
  serverEntry.startProtectionJobs();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.use(compression());

  app.use((req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (config.NODE_ENV === "production" && config.SITE_URL.startsWith("https:")) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    // The app reads the client address from this header only; a client can never set it.
    req.headers["x-client-address"] = req.ip ?? "unknown";
    next();
  });

  // Hashed assets never change: cache them for a year.
  app.use("/assets", express.static(`${CLIENT_DIR}/assets`, { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(CLIENT_DIR, { maxAge: "1h", index: false }));
  app.all("*", createRequestHandler({ build, mode: config.NODE_ENV }));

  const server = app.listen(config.PORT, config.HOST, () => {
    console.log(`Listening on ${config.SITE_URL} (port ${config.PORT}, database ${config.DATABASE_PATH})`);
  });
  server.on("error", (error) => {
    console.error(`Server failed to start: ${oneLine(error)}`);
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing server and database`);
    serverEntry.stopProtectionJobs();
    server.close(async () => {
      await serverEntry.closeDb();
      process.exit(0);
    });
    server.closeIdleConnections?.();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((error) => {
    console.error(`Server failed to start: ${oneLine(error)}`);
    process.exit(1);
  });
}
