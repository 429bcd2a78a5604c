// `npm run bench:verify`: sustained verification throughput and p99 latency over the JSON API,
// against a static file served by the same server in the same run and the framework baseline
// (`GET /api/v1/products/`, no database) at the same 50 connections; the ratios are printed last. The same runner as `npm run
// bench` (scripts/bench.mjs), limited to these targets; results in bench/results/bench-verify.json.
import { runBench } from "./bench.mjs";

runBench({ only: ["verify API"], resultFile: "bench-verify.json" })
  .then((result) => {
    for (const run of result.runs) {
      const verify = run.lines.find((l) => l.name === "verify API");
      console.log(`${run.label}: verify/static ${verify.ratio.toFixed(3)}, verify/framework baseline ${verify.ratioToBaseline?.toFixed(3)}`);
    }
  })
  .catch((error) => {
    console.error(`bench:verify failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
