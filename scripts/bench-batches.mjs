// `npm run bench:batches`: print runs at the sizes a brand prints. Against the production build on a
// fresh database (loopback port from MEASURE_PORTS), through the API with a bearer token:
//   - create runs of 20 000 and 100 000 codes (BATCH_RUNS times each; targets < 3 s and < 10 s);
//   - stream the CSV of the 100 000-code run (target < 5 s, server RSS growth < 50 MB while it streams);
//   - stream the L7651 PDF of a 20 000-code run: 308 pages (target < 30 s, RSS growth < 150 MB);
//   - stream the ZIP of SVG labels of the 20 000-code run (no target; reported);
//   - create a two-part run of 100 000 packs, a serial and a PIN each (issue 27; target < 15 s), and
//     stream its CSV (target < 8 s, RSS growth < 50 MB).
// RSS is read from /proc every 20 ms; growth is the peak while streaming less the RSS just before.
// Each figure also gives the server's CPU time (user + system, from /proc/<pid>/stat): on a machine
// shared with other work the wall time stretches with the load, the CPU time much less.
// Each answer is checked (rows, pages, archive size), not only timed. Writes bench/results/batches.json.
import { readFileSync } from "node:fs";
import { ensureBuild, fmt, login, machine, productIds, readRss, rmSync, startServer, tempDir, timeLimit, writeResult } from "../bench/lib.mjs";

const RUNS = Number(process.env.BATCH_RUNS ?? 3);
const TARGETS = {
  create20k: { seconds: 3 },
  create100k: { seconds: 10 },
  csv100k: { seconds: 5, rssMb: 50 },
  pdf20k: { seconds: 30, rssMb: 150 },
  createTwoPart100k: { seconds: 15 },
  csvTwoPart100k: { seconds: 8, rssMb: 50 },
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

async function createRun(server, auth, product, quantity, lot, label = "single") {
  const cpuBefore = cpuSeconds(server.pid);
  const started = performance.now();
  const response = await fetch(`${server.base}/api/v1/batches/create/`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ product_id: product, quantity, lot, best_before: "2029-12-31", label }),
  });
  const body = await response.json();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 201 || body.data.batch.counts.active !== quantity) throw new Error(`creating ${quantity} codes answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return { id: body.data.batch.id, seconds, cpuSeconds: cpuSeconds(server.pid) - cpuBefore };
}

/** Streams a download to nowhere, timing it and sampling the server's RSS; `inspect` sees every chunk. */
async function download(server, auth, path, inspect) {
  const before = readRss(server.pid).rssMb;
  const cpuBefore = cpuSeconds(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, readRss(server.pid).rssMb)), 20);
  const started = performance.now();
  const response = await fetch(`${server.base}${path}`, { headers: auth });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    inspect?.(chunk);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, readRss(server.pid).rssMb);
  return { seconds: round(seconds), cpuSeconds: round(cpuSeconds(server.pid) - cpuBefore), bytes, rssBeforeMb: round(before, 1), rssPeakMb: round(peak, 1), rssGrowthMb: round(peak - before, 1), cacheControl: response.headers.get("cache-control") };
}

/** Counts CRLF-ended records without holding the file. */
function lineCounter() {
  let lines = 0;
  return { inspect: (chunk) => { for (const byte of chunk) if (byte === 0x0a) lines++; }, count: () => lines };
}

/** Counts page objects in a PDF stream (pdfkit writes object dictionaries uncompressed). */
function pageCounter() {
  let pages = 0;
  let tail = "";
  return {
    inspect: (chunk) => {
      const text = tail + Buffer.from(chunk).toString("latin1");
      pages += (text.match(/\/Type \/Page\b/g) ?? []).length - (tail.match(/\/Type \/Page\b/g) ?? []).length;
      tail = text.slice(-20);
    },
    count: () => pages,
  };
}

async function main() {
  await ensureBuild();
  const guard = timeLimit(20 * 60_000);
  const dataDir = tempDir("bench-batches");
  // One process: its CPU time and memory are the server's (a cluster would spread them over workers).
  const server = await startServer({ dataDir, env: { WEB_CONCURRENCY: "1" } });
  const result = { date: new Date().toISOString(), command: `BATCH_RUNS=${RUNS} npm run bench:batches`, machine: machine(), targets: TARGETS, creation: [], exports: [] };
  try {
    const { access } = await login(server.base);
    const auth = { authorization: `Bearer ${access}` };
    const [product] = await productIds(server.base);
    const runs = {};
    for (const quantity of [20_000, 100_000]) {
      const seconds = [];
      const cpu = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await createRun(server, auth, product, quantity, `BENCH-${quantity}-${i + 1}`);
        seconds.push(round(run.seconds));
        cpu.push(round(run.cpuSeconds));
        runs[quantity] ??= run.id;
        console.log(`created ${fmt(quantity, 0)} codes in ${fmt(run.seconds, 2)} s (server CPU ${fmt(run.cpuSeconds, 2)} s)`);
      }
      const target = quantity === 20_000 ? TARGETS.create20k : TARGETS.create100k;
      result.creation.push({ quantity, seconds, medianSeconds: median(seconds), cpuSeconds: cpu, medianCpuSeconds: median(cpu), targetSeconds: target.seconds, met: median(seconds) < target.seconds });
    }

    const csvLines = lineCounter();
    const csv = await download(server, auth, `/api/v1/batches/${runs[100_000]}/codes.csv`, csvLines.inspect);
    const csvOk = csvLines.count() === 100_001;
    result.exports.push({ what: "CSV, 100 000 codes", ...csv, rows: csvLines.count() - 1, checked: csvOk, targetSeconds: TARGETS.csv100k.seconds, targetRssMb: TARGETS.csv100k.rssMb, met: csvOk && csv.seconds < TARGETS.csv100k.seconds && csv.rssGrowthMb < TARGETS.csv100k.rssMb });
    console.log(`CSV of 100 000 codes: ${csv.seconds} s (server CPU ${csv.cpuSeconds} s), ${fmt(csv.bytes / 1e6)} MB, RSS +${csv.rssGrowthMb} MB, ${csvLines.count() - 1} rows`);

    const pdfPages = pageCounter();
    const pdf = await download(server, auth, `/api/v1/batches/${runs[20_000]}/labels.pdf?layout=L7651`, pdfPages.inspect);
    const pdfOk = pdfPages.count() === 308;
    result.exports.push({ what: "PDF L7651, 20 000 codes", ...pdf, pages: pdfPages.count(), checked: pdfOk, targetSeconds: TARGETS.pdf20k.seconds, targetRssMb: TARGETS.pdf20k.rssMb, met: pdfOk && pdf.seconds < TARGETS.pdf20k.seconds && pdf.rssGrowthMb < TARGETS.pdf20k.rssMb });
    console.log(`PDF L7651 of 20 000 codes: ${pdf.seconds} s (server CPU ${pdf.cpuSeconds} s), ${pdfPages.count()} pages, ${fmt(pdf.bytes / 1e6)} MB, RSS +${pdf.rssGrowthMb} MB`);

    const zip = await download(server, auth, `/api/v1/batches/${runs[20_000]}/labels.zip`);
    result.exports.push({ what: "ZIP of SVG labels, 20 000 codes", ...zip, checked: zip.bytes > 20_000 * 500, met: null });
    console.log(`ZIP of 20 000 SVG labels: ${zip.seconds} s (server CPU ${zip.cpuSeconds} s), ${fmt(zip.bytes / 1e6)} MB, RSS +${zip.rssGrowthMb} MB`);

    // Two-part runs (issue 27): a serial and a PIN per pack, sealed as codes are.
    const twoPart = [];
    const twoPartCpu = [];
    let twoPartRun;
    for (let i = 0; i < RUNS; i++) {
      const run = await createRun(server, auth, product, 100_000, `BENCH-2P-${i + 1}`, "two_part");
      twoPart.push(round(run.seconds));
      twoPartCpu.push(round(run.cpuSeconds));
      twoPartRun ??= run.id;
      console.log(`created ${fmt(100_000, 0)} two-part packs in ${fmt(run.seconds, 2)} s (server CPU ${fmt(run.cpuSeconds, 2)} s)`);
    }
    result.creation.push({ quantity: 100_000, label: "two_part", seconds: twoPart, medianSeconds: median(twoPart), cpuSeconds: twoPartCpu, medianCpuSeconds: median(twoPartCpu), targetSeconds: TARGETS.createTwoPart100k.seconds, met: median(twoPart) < TARGETS.createTwoPart100k.seconds });
    const packLines = lineCounter();
    const packCsv = await download(server, auth, `/api/v1/batches/${twoPartRun}/codes.csv`, packLines.inspect);
    const packCsvOk = packLines.count() === 100_001;
    result.exports.push({ what: "CSV, two-part run of 100 000 packs", ...packCsv, rows: packLines.count() - 1, checked: packCsvOk, targetSeconds: TARGETS.csvTwoPart100k.seconds, targetRssMb: TARGETS.csvTwoPart100k.rssMb, met: packCsvOk && packCsv.seconds < TARGETS.csvTwoPart100k.seconds && packCsv.rssGrowthMb < TARGETS.csvTwoPart100k.rssMb });
    console.log(`CSV of 100 000 two-part packs: ${packCsv.seconds} s (server CPU ${packCsv.cpuSeconds} s), ${fmt(packCsv.bytes / 1e6)} MB, RSS +${packCsv.rssGrowthMb} MB, ${packLines.count() - 1} rows`);
    result.server = { peakRssMb: round(readRss(server.pid).peakMb, 1) };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    clearTimeout(guard);
  }
  result.machine.loadavgAfter = machine().loadavg;
  const file = writeResult("batches.json", result);
  const met = [...result.creation, ...result.exports].filter((r) => r.met !== null);
  console.log(`\n${met.filter((r) => r.met).length} of ${met.length} targets met; load average ${result.machine.loadavg.join(" / ")} before, ${result.machine.loadavgAfter.join(" / ")} after. Written to ${file}`);
}

main().catch((error) => {
  console.error(`bench:batches failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
