import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.resolve(import.meta.dirname, 'site.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

/** The declarations of the top-level rule whose selector is exactly `selector`, as property → value. */
const declarations = (selector: string) => {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(?:^|\\})\\s*${escaped}\\s*\\{([^}]*)\\}`).exec(css);
  if (!rule?.[1]) throw new Error(`no rule for ${selector}`);
  return Object.fromEntries(
    rule[1]
      .split(';')
      .map((part) => part.split(':').map((s) => s.trim()))
      .filter(([property, value]) => property && value),
  );
};

// jsdom lays nothing out, so the rules that keep the payment form's row aligned are checked as written.
describe('a row of fields (the card expiry and CVC)', () => {
  it('keeps each input in place when its neighbour shows a message', () => {
    // Stretched (the grid's default), the field without a message took the taller one's height and
    // spread it over its label and input, so its input sat lower than its neighbour's.
    expect(declarations('.field-row')['align-items']).toBe('start');
    expect(declarations('.field')['align-content']).toBe('start');
  });
});

// The page must not scroll sideways on a 390 px phone whatever the language: a long label wraps in its button.
describe('a button with a long label (Persian "Enrol now · A$ ۳۰۸٫۰۰")', () => {
  it('wraps inside the button and never grows past its container', () => {
    const button = declarations('.button');
    expect(button['white-space']).toBeUndefined();
    expect(button['max-width']).toBe('100%');
    expect(button['overflow-wrap']).toBe('break-word');
  });
});

describe("a partner page's coach cards", () => {
  it('fill the row whatever their count (auto-fit, not auto-fill)', () => {
    expect(declarations('.tiles')['grid-template-columns']).toMatch(/^repeat\(auto-fit,/);
  });
});

describe('the payment status buttons', () => {
  it('stand apart by the design system gap', () => {
    expect(declarations('.result__actions').gap).toBe('var(--space-3)');
  });
});
