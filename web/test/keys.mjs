// The keys screen in the browser: on the menu, open it (F2), rebind the first action (Confirm)
// to J, and check the bindings went to local storage (`fray-keys.ron`); then reload the page
// and check the game starts again with them and leaves them as they were.
// Usage: node keys.mjs URL
import { launch } from './launch.mjs';

const [url] = process.argv.slice(2);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on('pageerror', (e) => console.log('[page error]', e.message));

// The menu is up once the game has drawn a few frames; it says so on the status line.
async function menuUp() {
  await page.waitForFunction(
    () => /FRAY (MENU|ERROR)/.test(document.getElementById('status')?.textContent || ''),
    null,
    { timeout: 120000, polling: 250 },
  );
  const status = (await page.textContent('#status')) || '';
  if (!status.startsWith('FRAY MENU')) throw new Error(`the menu did not come up: ${status}`);
  await page.focus('#fray-canvas');
  await page.waitForTimeout(500);
}

// A key held for a few frames, so that the game's frame sees it pressed.
async function press(key) {
  await page.keyboard.down(key);
  await page.waitForTimeout(150);
  await page.keyboard.up(key);
}

// A key pressed, then the keys screen's line on the page waited for: a slow frame (software
// rendering on a busy machine) must not let two presses land in one frame.
async function step(key, line) {
  await press(key);
  try {
    await page.waitForFunction(
      (l) => (document.getElementById('status')?.textContent || '').startsWith(l),
      line,
      { timeout: 30000, polling: 100 },
    );
  } catch (e) {
    const now = (await page.textContent('#status')) || '';
    throw new Error(`after ${key} the page did not say "${line}" (it says "${now}")`);
  }
}

let failed = '';
try {
  await page.goto(url);
  await menuUp();
  await step('F2', 'FRAY KEYS OPEN');
  await step('Enter', 'FRAY KEYS WAITING Confirm');
  await step('KeyJ', 'FRAY KEYS OPEN · Saved');
  await step('Escape', 'FRAY KEYS CLOSED');
  const kept = await page.evaluate(() => localStorage.getItem('fray-keys.ron'));
  console.log('[test] stored:', JSON.stringify((kept || '').slice(0, 120)));
  if (!kept || !/Confirm[^\]]*KeyJ/s.test(kept)) failed = 'the rebound key was not kept in local storage';
  await page.reload();
  await menuUp();
  const after = await page.evaluate(() => localStorage.getItem('fray-keys.ron'));
  if (!failed && after !== kept) failed = 'starting again changed the stored bindings';
} catch (e) {
  failed = String(e.message || e);
}
console.log(failed ? `[test] ${failed}` : '[test] keys rebound in the browser and kept across a reload');
await browser.close();
process.exit(failed ? 1 : 0);
