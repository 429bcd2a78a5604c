// `npm run bench:verify`: the shopper's checks under load, a code's (`POST /api/v1/codes/verify/`, a
// fresh code each time), a pack's PIN (`POST /api/v1/packs/{serial}/redeem/`) and an NFC tag's tap
// (`POST /api/v1/nfc/verify/`, the next fresh tap of a tag each time), beside the static
// file and the framework baseline (`GET /api/v1/products/`, no database) at the same 50
// connections, on one worker and one per CPU (BENCH_WORKERS). The same runner as `npm run bench`
// (scripts/bench.mjs), limited to these targets, with the same CPU budget (bench/budget.json): it
// prints the comparison and ends non-zero when a target stays more than 15 % over its budget.
// Results in bench/results/bench-verify.json.
import { runBench } from "./bench.mjs";

runBench({ only: ["verify API", "redeem API", "tap API"], resultFile: "bench-verify.json" })
  .then((result) => {
    for (const run of result.runs) {
      const cpu = (name) => run.lines.find((l) => l.name === name)?.cpuMsPerRequest;
      const floor = cpu("static at API conn.");
      const ratios = ["verify API", "redeem API", "tap API", "framework baseline"].filter((name) => cpu(name) !== undefined).map((name) => `${name} ${(cpu(name) / floor).toFixed(2)}×`);
      console.log(`${run.label}: CPU per answer against the static file's at 50 connections: ${ratios.join(", ")}`);
    }
    if (result.budget.over.length > 0) {
      console.error(`bench:verify: over the CPU budget (bench/budget.json): ${result.budget.over.join(", ")}`);
      process.exitCode = 1;
    }
  })
  .catch((error) => {
    console.error(`bench:verify failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
