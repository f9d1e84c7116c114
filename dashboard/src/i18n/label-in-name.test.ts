import { describe, expect, it } from 'vitest';

/**
 * WCAG 2.5.3 Label in Name in every language: a control that shows a word and carries a longer
 * accessible name ("Record" shown, "Record item 1" announced) must contain the shown word in its name, so a voice
 * user can say what they see. The resources pair them by convention: `<key>` is the visible text and `<key>Label`
 * or `<key>Name` the name ("Refund" and "Refund {{name}}"). axe walks every route in English and Arabic; this checks the pairs in all nine languages.
 */
type Tree = { [key: string]: string | Tree };
const NOT_PAIRS = new Set(['dialogs.folderName']);
const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

const pairsIn = (tree: Tree, prefix = ''): { key: string; shown: string; name: string }[] =>
  Object.entries(tree).flatMap(([key, value]) => {
    if (typeof value !== 'string') return pairsIn(value, `${prefix}${key}.`);
    const suffix = ['Label', 'Name'].find((end) => key.endsWith(end) && key.length > end.length);
    // A field's label beside a word, not a control's name: "Folder name" beside "Folder".
    if (NOT_PAIRS.has(`${prefix}${key}`)) return [];
    const shown = suffix ? tree[key.slice(0, -suffix.length)] : undefined;
    // A visible text with its own placeholders is a sentence, not a control's word.
    if (typeof shown !== 'string' || shown.includes('{{')) return [];
    return [{ key: `${prefix}${key}`, shown, name: value }];
  });

describe('label in name', () => {
  const all = Object.entries(files).flatMap(([path, tree]) =>
    pairsIn(tree).map((pair) => ({ ...pair, file: path.replace('./locales/', '') })),
  );

  it('finds the visible-text and name pairs', () => {
    expect(all.length).toBeGreaterThan(90);
  });

  it("every control's name contains the words it shows, in every language", () => {
    const broken = all
      .filter(({ shown, name }) => !name.toLocaleLowerCase().includes(shown.toLocaleLowerCase()))
      .map(({ file, key, shown, name }) => `${file} ${key}: "${name}" lacks "${shown}"`);
    expect(broken).toEqual([]);
  });
});
