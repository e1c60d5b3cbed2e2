// Nothing lost in the browser: start an AI battle, let it be saved in local storage part way,
// leave the page mid-battle and open it again with `?continue=1`: the battle must pick up from
// its save and end (the caller checks it ends on the desktop's final hash).
// Usage: node reload.mjs BASE_URL QUERY [TIMEOUT_MS]
import { launch } from './launch.mjs';

const [base, query, limit] = process.argv.slice(2);
const timeout = Number(limit) || 300000;
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on('pageerror', (e) => console.log('[page error]', e.message));
page.on('console', (m) => {
  if (m.text().includes('FRAY') || m.type() === 'error') console.log('[page]', m.text().slice(0, 300));
});

// The battle's save, as local storage holds it.
const saved = () => page.evaluate(() => {
  const k = Object.keys(localStorage).find((k) => /^fray-save-battle-\d+$/.test(k));
  return k ? localStorage.getItem(k) : null;
});

await page.goto(`${base}/?${query}`);
await page.waitForFunction(
  () => Object.keys(localStorage).some((k) => /^fray-save-battle-\d+$/.test(k)),
  null,
  { timeout, polling: 200 },
);
// Some decisions in (a dozen, or what 20 seconds give), then away mid-battle.
const count = (text) => (text?.match(/^\s+[A-Z][A-Za-z]*(\(|,)/gm) || []).length;
for (let waited = 0; waited < 20000 && count(await saved()) < 12; waited += 250) {
  if (/over: true/.test((await saved()) || '')) break;
  await page.waitForTimeout(250);
}
const before = await saved();
if (!before || /over: true/.test(before)) {
  console.log('[test] the battle ended before the page was left: the test needs a longer one');
  await browser.close();
  process.exit(1);
}
const decisions = count(before);
console.log(`[test] leaving the page with the battle saved (${before.length} bytes, about ${decisions} decisions)`);
await page.goto('about:blank');
await page.goto(`${base}/?continue=1&fast=1`);
let status = '';
try {
  await page.waitForFunction(
    () => /FRAY (OVER|ERROR|NOTHING)/.test(document.getElementById('status')?.textContent || ''),
    null,
    { timeout, polling: 500 },
  );
} catch (e) {
  console.log('[test] timed out waiting for the resumed battle to end');
}
status = (await page.textContent('#status')) || '';
console.log(JSON.stringify({ status }));
await browser.close();
process.exit(status.startsWith('FRAY OVER') ? 0 : 1);
