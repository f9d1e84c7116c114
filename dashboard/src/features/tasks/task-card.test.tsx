import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import { TaskCard } from './task-card.tsx';
import { makeTask } from './task-fixtures.ts';

afterEach(async () => {
  await applyLanguage('en');
});

describe('a task card', () => {
  it("says its counts in the language's number: one task assigned is 'asignada' in Spanish, two 'asignadas'", async () => {
    await applyLanguage('es');
    const { rerender } = render(
      <MemoryRouter>
        <TaskCard
          task={makeTask({ _id: 't1', title: 'Watch', assignedCount: 1, completedCount: 1 })}
          onAction={() => {}}
        />
      </MemoryRouter>,
    );
    const counts = () => screen.getByText(/asignad/).closest('p')?.textContent;
    expect(counts()).toBe('1 asignada1 completada');
    rerender(
      <MemoryRouter>
        <TaskCard
          task={makeTask({ _id: 't1', title: 'Watch', assignedCount: 2, completedCount: 0 })}
          onAction={() => {}}
        />
      </MemoryRouter>,
    );
    expect(counts()).toBe('2 asignadas0 completadas');
  });
});
