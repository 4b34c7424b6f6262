/**
 * The viewer page's style and script, inline in every page (its
 * Content-Security-Policy allows exactly these by digest). Plain DOM code, no
 * framework: the page is rendered as static HTML, so the script only adds
 * search, keyboard navigation, stream events and steps on demand and copying
 * a turn's step, and it reads the recording only as data (`textContent`,
 * never as markup). Turns off screen skip layout and paint
 * (`content-visibility: auto`), so a long cassette opens fast.
 *
 * @module
 */

/** The page style. */
export const STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #656d76; --bg: #fff; --card: #f6f8fa;
  --line: #d0d7de; --accent: #0969da; --ins: #dafbe1; --del: #ffebe9; --err: #cf222e; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117;
  --card: #161b22; --line: #30363d; --accent: #4493f8; --ins: #1b4721; --del: #5d1f1f; --err: #f85149; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
.bar { position: sticky; top: 0; z-index: 1; display: flex; gap: 12px; align-items: center;
  padding: 8px 16px; background: var(--card); border-bottom: 1px solid var(--line); }
.bar h1 { font-size: 15px; margin: 0; }
.bar input { flex: 0 1 320px; padding: 4px 8px; font: inherit; color: inherit; background: var(--bg);
  border: 1px solid var(--line); border-radius: 6px; }
main { padding: 12px 16px; max-width: 1100px; }
.file > h2 { font-size: 15px; margin: 16px 0 8px; }
.summary { color: var(--muted); margin: 0 0 8px; }
.turn { border: 1px solid var(--line); border-radius: 8px; margin: 10px 0; padding: 8px 12px;
  content-visibility: auto; contain-intrinsic-size: auto 320px; }
.turn.current { outline: 2px solid var(--accent); }
.turn > header { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
.n { font-weight: 600; color: var(--accent); text-decoration: none; }
.model { font-family: ui-monospace, monospace; }
.agent { font-weight: 600; }
.badge { font-size: 12px; padding: 0 6px; border-radius: 10px; border: 1px solid var(--line); }
.error-badge, .error .label { color: var(--err); border-color: var(--err); }
.changed-badge { font-size: 12px; padding: 0 6px; border-radius: 10px; background: var(--ins); }
.usage, .muted, .provenance, .same { color: var(--muted); font-size: 12px; }
.copy { margin-left: auto; font: inherit; font-size: 12px; cursor: pointer; }
h4 { margin: 8px 0 4px; font-size: 13px; }
.item { border-left: 3px solid var(--line); padding: 2px 0 2px 8px; margin: 4px 0; }
.item.answer { border-color: #1a7f37; } .item.call { border-color: #8250df; }
.item.tool-result, .result { border-color: #bf8700; }
.label { font-size: 12px; color: var(--muted); }
.tool { font-family: ui-monospace, monospace; color: var(--fg); font-weight: 600; }
.id { font-family: ui-monospace, monospace; }
pre { margin: 2px 0; padding: 6px 8px; background: var(--card); border-radius: 6px;
  white-space: pre-wrap; word-break: break-word; font: 12px/1.4 ui-monospace, monospace; max-height: 480px; overflow: auto; }
ins { background: var(--ins); text-decoration: none; } del { background: var(--del); }
details > summary { cursor: pointer; }
.instructions, .events, .step { margin: 4px 0; }
.error { border-left: 3px solid var(--err); padding-left: 8px; }
.change.added { border-left: 4px solid #1a7f37; } .change.removed { border-left: 4px solid var(--err); }
.change.changed { border-left: 4px solid #bf8700; }
.path { font-family: ui-monospace, monospace; font-weight: 600; }
.tree, .tree ul { list-style: none; padding-left: 16px; margin: 2px 0; }
.event.client .dir { color: #8250df; } .event.server .dir { color: #1a7f37; }
.type { font-family: ui-monospace, monospace; }
.toast { position: fixed; bottom: 16px; right: 16px; padding: 6px 12px; border-radius: 6px;
  background: var(--fg); color: var(--bg); }
[hidden] { display: none !important; }
`;

/** The page script. */
export const SCRIPT = `(() => {
  'use strict';
  let data = { files: [] };
  try { data = JSON.parse(document.getElementById('data').textContent || '{}'); } catch (e) {}
  const turns = Array.from(document.querySelectorAll('.turn'));
  const texts = new Map();
  const search = document.getElementById('search');
  const count = document.getElementById('count');
  let current = -1;
  const visible = () => turns.filter((t) => !t.hidden);
  function textOf(turn) {
    let text = texts.get(turn);
    if (text === undefined) { text = turn.textContent.toLowerCase(); texts.set(turn, text); }
    return text;
  }
  function filter() {
    const q = search.value.trim().toLowerCase();
    let shown = 0;
    for (const turn of turns) {
      const hit = q === '' || textOf(turn).includes(q);
      turn.hidden = !hit;
      if (hit) shown++;
    }
    count.textContent = q === '' ? turns.length + ' shown' : shown + ' of ' + turns.length + ' match';
  }
  function select(index) {
    const list = visible();
    if (list.length === 0) return;
    const at = Math.max(0, Math.min(list.length - 1, index));
    turns.forEach((t) => t.classList.remove('current'));
    const turn = list[at];
    turn.classList.add('current');
    current = at;
    turn.focus({ preventScroll: true });
    turn.scrollIntoView({ block: 'nearest' });
  }
  function toast(text) {
    const el = document.createElement('div');
    el.className = 'toast';
    el.setAttribute('role', 'status');
    el.textContent = text;
    document.body.appendChild(el);
    setTimeout(() => el.remove(), 1500);
  }
  function turnData(el) {
    const file = data.files[Number(el.dataset.file)];
    return file && file.turns ? file.turns[Number(el.dataset.turn)] : undefined;
  }
  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (e) {
      const area = document.createElement('textarea');
      area.value = text;
      document.body.appendChild(area);
      area.select();
      const ok = document.execCommand('copy');
      area.remove();
      return ok;
    }
  }
  if (search) {
    search.addEventListener('input', () => { filter(); current = -1; });
    // Nothing is filtered yet: reading every turn's text waits for the first search.
    count.textContent = turns.length + ' shown';
  }
  document.addEventListener('click', async (event) => {
    const button = event.target.closest && event.target.closest('button.copy');
    if (!button) return;
    const turn = turnData(button);
    if (!turn) return;
    document.body.dataset.copied = turn.step;
    toast((await copy(turn.step)) ? 'Copied the step' : 'Copy failed: open "ScriptedModel step"');
  });
  // Stream events and steps are data until asked for: the page stays small and fast.
  document.addEventListener('toggle', (event) => {
    const details = event.target;
    if (!details.classList || !details.open) return;
    const pre = details.querySelector(':scope > pre');
    if (!pre || pre.textContent !== '') return;
    if (details.dataset.text !== undefined) {
      const file = data.files[Number(details.dataset.file)];
      pre.textContent = file ? file.texts[Number(details.dataset.text)] : '';
      return;
    }
    const events = details.classList.contains('events');
    if (!events && !details.classList.contains('step')) return;
    const turn = turnData(details);
    if (!turn) return;
    pre.textContent = events ? JSON.stringify(turn.events, null, 2) : turn.step;
  }, true);
  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const typing = event.target === search;
    if (event.key === '/' && !typing) { event.preventDefault(); search.focus(); search.select(); return; }
    if (event.key === 'Escape' && typing) { search.value = ''; filter(); search.blur(); return; }
    if (typing) return;
    if (event.key === 'j' || event.key === 'ArrowDown' && event.shiftKey) { event.preventDefault(); select(current + 1); }
    else if (event.key === 'k' || event.key === 'ArrowUp' && event.shiftKey) { event.preventDefault(); select(current - 1); }
    else if (event.key === 'o' && current >= 0) {
      const turn = visible()[current];
      const all = Array.from(turn.querySelectorAll('details'));
      const open = !all.every((d) => d.open);
      all.forEach((d) => { d.open = open; });
    }
  });
  document.documentElement.dataset.ready = 'true';
})();
`;
