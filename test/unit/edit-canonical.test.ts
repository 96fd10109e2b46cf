// The edit tool's canonical-equivalence step: old_string in NFC against a
// file in NFD (or the reverse) is the same text; unique only, with a note,
// new_string written in the file's form so unchanged text keeps the file's
// bytes; compatibility folding (NFKC) never.

import { describe, expect, it } from 'vitest';
import { planEntry } from '../../src/edit/replace.js';
import { FileView } from '../../src/edit/view.js';
import { spliceText } from '../../src/edit/write.js';
import { apply } from '../../src/index.js';
import { MemFs } from '../support/memfs.js';

const NFD = (s: string) => s.normalize('NFD');
const NFC = (s: string) => s.normalize('NFC');

function run(file: string, old_string: string, new_string: string, replace_all = false) {
  const view = new FileView(file);
  const r = planEntry(view, { old_string, new_string, replace_all }, { tolerant: true });
  return { r, out: r.ok ? spliceText(view, r.splices) : undefined };
}

describe('old_string in the other canonical form than the file', () => {
  it('an NFC edit of an NFD file is applied in the file form, the rest of the file byte for byte', () => {
    const file = NFD('title = "Café Noir"\nauthor = "Zoë Brontë"\n');
    const { r, out } = run(file, NFC('title = "Café Noir"'), NFC('title = "Café Crème"'));
    expect(r.ok && r.step).toBe('canonical');
    expect(r.ok && r.form).toBe('NFD');
    expect(out).toBe(NFD('title = "Café Crème"\nauthor = "Zoë Brontë"\n'));
    expect(out).not.toContain('\u00e9');
  });

  it('an NFD edit of an NFC file is applied in NFC', () => {
    const file = NFC('const naïve = "señor";\nconst x = 1;\n');
    const { r, out } = run(file, NFD('const naïve = "señor";'), NFD('const naïve = "señora";'));
    expect(r.ok && r.form).toBe('NFC');
    expect(out).toBe(NFC('const naïve = "señora";\nconst x = 1;\n'));
  });

  it('keeps the file form in text the edit did not change, across several lines', () => {
    const file = NFD('# Résumé\n\nÉtude de cas: déjà vu\nfin\n');
    const { out } = run(file, NFC('# Résumé\n\nÉtude de cas: déjà vu'), NFC('# Résumé\n\nÉtude de cas: déjà lu'));
    expect(out).toBe(NFD('# Résumé\n\nÉtude de cas: déjà lu\nfin\n'));
  });

  it('refuses two canonically equal places, naming both lines', () => {
    const file = NFD('a = "é"\nb = 1\na = "é"\n');
    const { r, out } = run(file, NFC('a = "é"'), NFC('a = "è"'));
    expect(out).toBeUndefined();
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe('old_string_ambiguous');
    expect(r.message).toContain('canonical equivalence');
    expect(r.lines).toEqual([1, 3]);
  });

  it('replace_all replaces every canonically equal place', () => {
    const file = NFD('é1 é2 é3\n');
    const { out } = run(file, NFC('é'), NFC('è'), true);
    expect(out).toBe(NFD('è1 è2 è3\n'));
  });

  it('a re-sent edit whose new_string stands in the file form is already applied, not not-found', () => {
    const file = NFD('name = "Zoë"\n');
    const { r } = run(file, NFC('name = "Zoe"'), NFC('name = "Zoë"'));
    // Plain "Zoe" is not in the file; "Zoë" is, decomposed.
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe('already_applied');
  });

  it('never ends old_string inside one of the file characters (a further combining mark follows)', () => {
    const file = 'e\u0301\u0302 = 1\n';
    const { r } = run(file, '\u00e9', 'x');
    expect(r.ok).toBe(false);
  });

  it.each([
    ['a ligature', 'de\ufb01ne = 1\n', 'define = 1', 'define = 2'],
    ['full-width digits', 'x = \uff11\uff12\n', 'x = 12', 'x = 13'],
    ['a superscript', 'e = mc\u00b2\n', 'e = mc2', 'e = mc3'],
  ])('never folds compatibility characters (%s)', (_name, file, old, neu) => {
    const { r, out } = run(file, old, neu);
    expect(out).toBeUndefined();
    expect(r.ok).toBe(false);
  });

  it('the library run writes the file form and says so in a note', async () => {
    const fs = new MemFs({ 'menu.txt': NFD('Crème brûlée: 7\n') });
    const request = { path: 'menu.txt', old_string: NFC('Crème brûlée: 7'), new_string: NFC('Crème brûlée: 8') };
    const o = await apply(JSON.stringify(request), { cwd: '/work', fs });
    expect(o.status).toBe('applied');
    const bytes = (fs.nodes.get('/work/menu.txt') as { bytes: Uint8Array }).bytes;
    expect(new TextDecoder().decode(bytes)).toBe(NFD('Crème brûlée: 8\n'));
    expect(o.notes.map((n) => n.message).join('\n')).toMatch(/canonical equivalence.*NFD/);
  });
});
