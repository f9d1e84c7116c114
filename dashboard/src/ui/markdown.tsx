import DOMPurify from 'dompurify';
import { type MarkedOptions, marked, type Tokens } from 'marked';
import { useMemo } from 'react';
import './markdown.css';

/** What a rendered text may contain: prose, lists, links, tables, code. No images, forms, styles or scripts. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const OPTIONS: MarkedOptions = { gfm: true, breaks: false, async: false };

/**
 * Markdown to safe HTML: marked parses it, its headings move down so the text's top level is an h2 under the
 * page's h1, and DOMPurify keeps only ALLOWED_TAGS with href and title (no javascript: links; raw HTML in the
 * text is dropped with everything it wraps that is not allowed).
 */
export const renderMarkdown = (source: string): string => {
  const tokens = marked.lexer(source, OPTIONS);
  const headings: Tokens.Heading[] = [];
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') headings.push(token as Tokens.Heading);
  });
  const top = Math.min(...headings.map((heading) => heading.depth));
  for (const heading of headings) heading.depth = Math.min(6, heading.depth - top + 2);
  const html = marked.parser(tokens, OPTIONS);
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title'],
    ALLOW_DATA_ATTR: false,
  });
  return clean;
};

// Links in a text open outside the app and tell the other site nothing about where they came from. A table or a
// code block scrolls sideways when wider than the page (markdown.css): it takes the keyboard's focus so the arrow
// keys can scroll it (WCAG 2.1.1, axe's scrollable-region-focusable).
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  if (node.tagName === 'TABLE' || node.tagName === 'PRE') node.setAttribute('tabindex', '0');
});

/** A Markdown text shown as sanitised HTML (legal pages and their editors' previews). */
export const Markdown = ({ source, label }: { source: string; label?: string }) => {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // renderMarkdown sanitises with DOMPurify: the HTML holds only its allowed tags and attributes.
  const content = { dangerouslySetInnerHTML: { __html: html } };
  return label ? (
    <section className="markdown" aria-label={label} {...content} />
  ) : (
    <div className="markdown" {...content} />
  );
};
