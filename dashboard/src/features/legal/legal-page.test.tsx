import type { PublicLegalText } from '@coach/shared/contract/legal';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../testing/fake-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const PUBLIC = 'GET /api/v1/public/legal-text';

const policy: PublicLegalText = {
  kind: 'privacy-policy',
  title: 'Privacy Policy',
  body: '## What we store\n\nYour **recordings**.\n\n<script>alert(1)</script><img src=x onerror=alert(2)>',
  updatedAt: '2026-11-20T10:00:00.000Z',
  source: 'enterprise',
  enterpriseName: 'Acme Learning',
};

describe('the public privacy page (spec §2)', () => {
  it('anyone reads the enterprise’s policy without logging in, sanitised, with its date', async () => {
    const app = renderApp({ path: '/app-privacy-policy/e1', routes: { [PUBLIC]: () => ok(policy) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Acme Learning')).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated Nov 20, 2026');
    expect(screen.getByRole('heading', { level: 2, name: 'What we store' })).toBeInTheDocument();
    expect(document.querySelector('.markdown script, .markdown img')).toBeNull();
    expect(app.server.calls[0]?.body).toEqual({ enterpriseId: 'e1', kind: 'privacy-policy' });
  });

  it('an unknown organisation shows the server’s message', async () => {
    renderApp({
      path: '/app-terms-and-condition/nope',
      routes: {
        [PUBLIC]: () => fail(404, 'This organisation was not found. Check the address of the page.'),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The terms could not be loaded');
    expect(alert).toHaveTextContent('This organisation was not found');
  });
});
