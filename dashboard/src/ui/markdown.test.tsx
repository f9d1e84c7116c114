import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, renderMarkdown } from './markdown.tsx';

describe('Markdown', () => {
  it('renders headings under the page title, lists and links', () => {
    render(
      <Markdown
        label="Policy"
        source={'# Title\n\n## Part\n\n- one\n- **two**\n\n[site](https://example.com)'}
      />,
    );
    const region = screen.getByRole('region', { name: 'Policy' });
    expect(region.querySelector('h2')?.textContent).toBe('Title');
    expect(region.querySelector('h3')?.textContent).toBe('Part');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('lets the keyboard reach a table or a code block, which scroll sideways when wide', () => {
    const html = renderMarkdown('| a | b |\n| - | - |\n| 1 | 2 |\n\n```\ncode\n```');
    expect(html).toMatch(/<table tabindex="0">/);
    expect(html).toMatch(/<pre tabindex="0">/);
    expect(renderMarkdown('<p tabindex="5">text</p>')).not.toMatch(/tabindex/);
  });

  it('drops scripts, event handlers, javascript: links, images and styles', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '[click](javascript:alert(3))',
        '<p style="color:red" onclick="alert(4)">styled</p>',
        '<iframe src="https://evil.example"></iframe>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|<img|style=|iframe/i);
    expect(html).toContain('styled');
  });
});
