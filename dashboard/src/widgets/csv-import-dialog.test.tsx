import { adminVocabulary } from '@coach/shared/contract/admin-vocabulary';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { createAppApi, setApiClient } from '../lib/api.ts';
import { sessionAtoms } from '../lib/session.ts';
import { fakeToken } from '../testing/fake-server.ts';
import { TEST_ORIGIN } from '../testing/render-app.tsx';
import { CsvImportDialog } from './csv-import-dialog.tsx';

type Answer = { status?: number; body: unknown };

/** The import is multipart, which the JSON fake server does not read: this answers every request with `answer`. */
const renderImport = (answer: Answer) => {
  const store = createStore();
  store.set(sessionAtoms.admin, { token: fakeToken(86400), mfaDone: true, refreshDone: false });
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  setApiClient(
    createAppApi({ store, fetch: fetch as unknown as typeof globalThis.fetch, baseUrl: TEST_ORIGIN }),
  );
  const onImported = vi.fn();
  render(
    <Provider store={store}>
      <CsvImportDialog
        title="Import words"
        description="From a CSV file"
        templateHref="data:text/csv,word"
        templateName="words.csv"
        call={adminVocabulary.importCsv}
        succeeded={(result, message) => (result.imported ? message : null)}
        summary={(result) => `${result.imported} imported, ${result.errors.length} refused`}
        errorsCaption="Rows to fix"
        onClose={() => {}}
        onImported={onImported}
      />
      <Toaster />
    </Provider>,
  );
  return { fetch, onImported };
};

const chooseAndImport = async () => {
  const user = userEvent.setup();
  await user.upload(
    screen.getByLabelText('Choose CSV file'),
    new File(['word\ndeadline'], 'words.csv', { type: 'text/csv' }),
  );
  await user.click(screen.getByRole('button', { name: 'Import' }));
};

describe('a CSV import sends its file through the contract form', () => {
  it('shows the summary, the toast the answer gives and Done once something was imported', async () => {
    const { fetch, onImported } = renderImport({
      body: { success: 1, message: '2 words imported', response: { imported: 2, errors: [] } },
    });
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await chooseAndImport();
    expect(await screen.findByText('2 imported, 0 refused')).toBeInTheDocument();
    expect(await screen.findByText('2 words imported')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('lists the refused rows without a toast when nothing was imported', async () => {
    const { onImported } = renderImport({
      body: {
        success: 1,
        message: 'Nothing imported',
        response: { imported: 0, errors: [{ row: 2, field: 'level', message: 'Level is 1 to 5' }] },
      },
    });
    await chooseAndImport();
    expect(await screen.findByText('Level is 1 to 5')).toBeInTheDocument();
    expect(screen.queryByText('Nothing imported')).not.toBeInTheDocument();
    expect(onImported).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it("says each refused row's problem in the reader's language", async () => {
    await applyLanguage('es');
    try {
      renderImport({
        body: {
          success: 1,
          message: 'Nothing imported',
          response: {
            imported: 0,
            errors: [
              { row: 2, field: 'email', message: 'Please enter a valid email' },
              { row: 3, field: 'role', message: 'No role is named "Aprendiz"' },
            ],
          },
        },
      });
      const user = userEvent.setup();
      await user.upload(
        screen.getByLabelText('Elegir archivo CSV'),
        new File(['word\ndeadline'], 'words.csv', { type: 'text/csv' }),
      );
      await user.click(screen.getByRole('button', { name: 'Importar' }));
      expect(await screen.findByText('Introduce un correo electrónico válido')).toBeInTheDocument();
      expect(screen.getByText('No hay ningún rol llamado «Aprendiz»')).toBeInTheDocument();
    } finally {
      await applyLanguage('en');
    }
  });

  it('shows a refusal of the file above the form without its field name', async () => {
    const { onImported } = renderImport({
      status: 422,
      body: { success: 0, message: 'file: The file has no rows', field: 'file' },
    });
    await chooseAndImport();
    expect(await screen.findByRole('alert')).toHaveTextContent('The file has no rows');
    expect(onImported).not.toHaveBeenCalled();
  });
});
