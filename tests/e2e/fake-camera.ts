import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page, type TestInfo } from "@playwright/test";
import QRCode from "qrcode";
import { chromiumFlags, testBrowserPath } from "../../scripts/chromium.mjs";

/**
 * A camera that shows a QR code, for the verify page's scanner: Chromium's fake capture device fed
 * with a video file made here. Launch flags are per browser, so each video gets a browser of its own.
 */

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 3;
/** Luma of black and white in video range; chroma 128 is grey (no colour). */
const DARK = 16;
const LIGHT = 235;
const QUIET_ZONE = 4;

/**
 * A few identical 640×480 frames of `text` as a QR code (8 pixels a module at most, a quiet zone of
 * 4 modules, centred on white), in YUV4MPEG2 4:2:0, the format `--use-file-for-fake-video-capture` reads.
 */
export function qrVideo(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const span = modules.size + 2 * QUIET_ZONE;
  const scale = Math.min(8, Math.floor(Math.min(WIDTH, HEIGHT) / span));
  const left = Math.floor((WIDTH - modules.size * scale) / 2);
  const top = Math.floor((HEIGHT - modules.size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, LIGHT);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) luma.fill(DARK, (top + row * scale + y) * WIDTH + left + col * scale, (top + row * scale + y) * WIDTH + left + (col + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array<Buffer>(FRAMES).fill(frame)]);
}

/** A browser whose camera shows `text` as a QR code (the video is written to the test's output folder). */
export async function browserWithQrCamera(testInfo: TestInfo, text: string): Promise<Browser> {
  const file = join(testInfo.outputDir, "camera.y4m");
  mkdirSync(testInfo.outputDir, { recursive: true });
  writeFileSync(file, qrVideo(text));
  return chromium.launch({
    executablePath: testBrowserPath(),
    args: [...chromiumFlags, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${file}`],
  });
}

/**
 * Records, in the page, every camera stream the page obtains and what it asked for, so a test can
 * check the constraints and that every track was stopped (`cameraStreams`).
 */
export async function watchCamera(page: Page) {
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const original = devices.getUserMedia.bind(devices);
    const log: { constraints: MediaStreamConstraints; stream: MediaStream }[] = [];
    (window as unknown as { cameraLog: typeof log }).cameraLog = log;
    devices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
      const stream = await original(constraints);
      log.push({ constraints: constraints ?? {}, stream });
      return stream;
    };
  });
}

/** The streams `watchCamera` saw: what each asked for, and whether all its tracks have ended. */
export function cameraStreams(page: Page) {
  return page.evaluate(() =>
    (window as unknown as { cameraLog: { constraints: MediaStreamConstraints; stream: MediaStream }[] }).cameraLog.map(({ constraints, stream }) => ({
      video: constraints.video,
      ended: stream.getTracks().every((track) => track.readyState === "ended"),
    })),
  );
}
