import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { LoadStates } from './load-states.tsx';
import { ErrorState, FormAlert } from './states.tsx';

describe('what a screen shows of a read that failed', () => {
  it('offers Try again after a failure that may pass, not after a 404 that cannot', async () => {
    await applyLanguage('en');
    const { rerender } = render(
      <LoadStates
        state={{ status: 'error', message: 'Network error' }}
        reload={() => {}}
        what="the enterprise"
      >
        {() => null}
      </LoadStates>,
    );
    expect(screen.getByText('The enterprise could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    rerender(
      <LoadStates
        state={{ status: 'error', message: 'Enterprise not found', notFound: true }}
        reload={() => {}}
        what="the enterprise"
      >
        {() => null}
      </LoadStates>,
    );
    expect(screen.getByText('Enterprise not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("says the server's sentence in the reader's language: an old link to a deleted group, in Spanish", async () => {
    await applyLanguage('es');
    render(
      <>
        <ErrorState title="No se pudo cargar el grupo" description="Group not found" />
        <FormAlert message="name: At most 100 characters" />
      </>,
    );
    expect(screen.getByText('No se ha encontrado el grupo')).toBeInTheDocument();
    expect(screen.getByText('Como máximo 100 caracteres')).toBeInTheDocument();
    expect(screen.queryByText(/Group not found|At most/)).not.toBeInTheDocument();
    await applyLanguage('en');
  });
});
