// The browser test: load the built game in headless Chromium (Debian's, no downloaded browser),
// let an AI-against-AI battle play, and check that it ran: the page's status line must report
// the battle's end, and the screenshot must not be blank (checked by the caller).
// Usage: node browser.mjs URL SCREENSHOT [TIMEOUT_MS]
import { launch } from './launch.mjs';

const [url, shot, limit] = process.argv.slice(2);
const timeout = Number(limit) || 300000;
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const started = Date.now();
let firstFrameMs = null;
page.on('console', (m) => {
  const t = m.text();
  if (firstFrameMs === null && t.includes('FRAY FIRST BATTLE FRAME')) firstFrameMs = Date.now() - started;
  if (t.includes('FRAY') || m.type() === 'error') console.log('[page]', t.slice(0, 300));
});
page.on('pageerror', (e) => console.log('[page error]', e.message));
// The sounds are fetched beside the page after the first frame: each must be there.
const sounds = new Set();
const missing = [];
page.on('response', (r) => {
  const path = new URL(r.url()).pathname;
  if (!path.includes('/assets/sound/')) return;
  if (r.ok()) sounds.add(path);
  else missing.push(`${path}: HTTP ${r.status()}`);
});
await page.goto(url);
let status = '';
try {
  await page.waitForFunction(
    () => /FRAY (OVER|ERROR)/.test(document.getElementById('status')?.textContent || ''),
    null,
    { timeout, polling: 500 },
  );
} catch (e) {
  console.log('[test] timed out waiting for the battle to end');
}
status = (await page.textContent('#status')) || '';
await page.screenshot({ path: shot });
const wasmBytes = await page.evaluate(async () => (await fetch('fray_bg.wasm')).headers.get('content-length'));
console.log(JSON.stringify({ status, firstFrameMs, loadToOverMs: Date.now() - started, wasmBytes, sounds: sounds.size, missing }));
await browser.close();
process.exit(status.startsWith('FRAY OVER') && missing.length === 0 ? 0 : 1);
