import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon, Stars } from './icon.tsx';

const SOURCES = path.resolve(import.meta.dirname, '..');

/**
 * Symbols and emoji (arrows, shapes, stars, dingbats, pictographs): none of the pages' Latin fonts has them, so
 * one on a page sends the browser through every fallback font of the site's list on its first layout.
 */
const SYMBOL = /[\u2190-\u2BFF\u{1F000}-\u{1FAFF}]/u;

/** What a page can show: the file without its comments (a comment may draw an arrow). */
const shown = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(file);
    return /\.(astro|tsx?|css|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

describe('icons', () => {
  it('are drawn, never typed: no page source shows a symbol or emoji character', () => {
    const found = files(SOURCES).flatMap((file) =>
      shown(readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => SYMBOL.test(line))
        .map((line) => `${path.relative(SOURCES, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('is an image with its name when labelled, and hidden from assistive technology when not', () => {
    expect(renderToString(createElement(Icon, { name: 'star', label: '4.5 out of 5 stars' }))).toBe(
      '<span class="icon icon--star" role="img" aria-label="4.5 out of 5 stars"></span>',
    );
    expect(renderToString(createElement(Icon, { name: 'close', className: 'x' }))).toBe(
      '<span class="icon icon--close x" aria-hidden="true"></span>',
    );
  });

  it('shows a rating as five stars to the nearest half', () => {
    const html = renderToString(createElement(Stars, { rating: 3.6, label: '3.6 out of 5 stars' }));
    expect(html).toMatch(/^<span class="stars" role="img" aria-label="3.6 out of 5 stars">/);
    const count = (markup: string, kind: string) =>
      markup.match(new RegExp(`class="icon icon--star${kind}"`, 'g'))?.length ?? 0;
    expect([count(html, ''), count(html, ' icon--half'), count(html, ' icon--off')]).toEqual([3, 1, 1]);
    const four = renderToString(createElement(Stars, { rating: 3.8 }));
    expect([count(four, ''), count(four, ' icon--half'), count(four, ' icon--off')]).toEqual([4, 0, 1]);
    expect(renderToString(createElement(Stars, { rating: 2 }))).toMatch(
      /^<span class="stars" aria-hidden="true">/,
    );
  });
});
